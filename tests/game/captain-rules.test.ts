// Captains by themselves (docs/rules.md "Teams"), through reduce(): the first player on a team is its
// captain, the longest-seated member takes over when a captain goes, and "Become Captain" still takes
// the role. Every way a team can lose its captain is here: leaving, moving, stepping down, a kick,
// the host's hand-off and the quizmaster's seat.
import { describe, expect, test } from "bun:test";
import { createLobby } from "../../src/game/lobby-rules";
import type { LobbyState, Team } from "../../src/game/types";
import { lobbyView } from "../../src/game/views";
import { expectRefused, HOST, lobby, pid, questions, run, T0 } from "../support/builders";

const captainId = (state: LobbyState, team: Team) => lobbyView(state).captains[team]?.id ?? null;
/** Every team with players has exactly one captain; an empty team has none. */
function oneCaptainEach(state: LobbyState): void {
  for (const team of ["blue", "red"] as const) {
    const members = state.players.filter((p) => p.team === team);
    expect(members.filter((p) => p.isCaptain)).toHaveLength(members.length === 0 ? 0 : 1);
  }
  expect(state.players.filter((p) => p.team === null && p.isCaptain)).toEqual([]);
}

describe("the first player on a team is its captain", () => {
  test("the host captains blue from the start, the first guest red, later guests are members", () => {
    let state = createLobby("ABCD", HOST, "Host", T0);
    expect(captainId(state, "blue")).toBe(HOST);
    state = run(state, { type: "join", playerId: pid(2), name: "P2" }).state;
    expect(captainId(state, "red")).toBe(pid(2));
    state = run(state, { type: "join", playerId: pid(3), name: "P3" }).state;
    state = run(state, { type: "join", playerId: pid(4), name: "P4" }).state;
    expect([captainId(state, "blue"), captainId(state, "red")]).toEqual([HOST, pid(2)]);
    oneCaptainEach(state);
  });

  test("a host and one guest can start a game, nobody pressing Become Captain", () => {
    const state = run(lobby(2), { type: "startGame", by: HOST, questions: questions(3) }).state;
    expect(state.game!.phase).toBe("idle");
  });

  test("the player who moves to an empty team captains it", () => {
    const { state } = run(lobby(3), { type: "teamSelect", playerId: pid(2), team: "blue", isCaptain: false }); // red now empty
    const back = run(state, { type: "teamSelect", playerId: pid(3), team: "red", isCaptain: false }).state;
    expect(captainId(back, "red")).toBe(pid(3));
    oneCaptainEach(back);
  });
});

describe("the longest-seated member takes over", () => {
  // lobby(6): blue host, p3, p5; red p2, p4, p6 (in the order they joined)
  test("when the captain leaves", () => {
    const state = run(lobby(6), { type: "leave", playerId: pid(2) }).state;
    expect(captainId(state, "red")).toBe(pid(4));
    oneCaptainEach(state);
  });

  test("when the captain is kicked", () => {
    const state = run(lobby(6), { type: "kick", by: HOST, playerId: pid(2) }).state;
    expect(captainId(state, "red")).toBe(pid(4));
  });

  test("when the captain moves to the other team as a member", () => {
    const state = run(lobby(6), { type: "teamSelect", playerId: pid(2), team: "blue", isCaptain: false }).state;
    expect([captainId(state, "blue"), captainId(state, "red")]).toEqual([HOST, pid(4)]);
    oneCaptainEach(state);
  });

  test("when the captain steps down, passing over themself; alone on the team they stay captain", () => {
    const state = run(lobby(6), { type: "teamSelect", playerId: pid(2), team: "red", isCaptain: false }).state;
    expect(captainId(state, "red")).toBe(pid(4));
    expect(state.players.find((p) => p.id === pid(2))!.isCaptain).toBe(false);
    const alone = lobby(2);
    expect(expectRefused(alone, { type: "teamSelect", playerId: pid(2), team: "red", isCaptain: false }, "conflict").message).toContain("only player");
  });

  test("when the host hands the role over and sits out as quizmaster, and when the quizmaster comes back", () => {
    let state = run(lobby(6), { type: "sitOut", by: HOST }).state;
    expect(captainId(state, "blue")).toBe(pid(3));
    oneCaptainEach(state);
    // The former quizmaster, no longer host, is seated on the smaller team as a member.
    state = run(state, { type: "leave", playerId: pid(5) }).state; // blue p3; red p2, p4, p6
    state = run(state, { type: "transferHost", by: HOST, playerId: pid(4) }).state;
    const former = state.players.find((p) => p.id === HOST)!;
    expect(former).toMatchObject({ team: "blue", isCaptain: false, isHost: false });
    expect(captainId(state, "blue")).toBe(pid(3));
    oneCaptainEach(state);
  });

  test("a quizmaster's team that the host leaves empty has no captain until someone is on it", () => {
    const state = run(lobby(2), { type: "sitOut", by: HOST }).state;
    expect(captainId(state, "blue")).toBeNull();
    const joined = run(state, { type: "join", playerId: pid(3), name: "P3" }).state;
    expect(captainId(joined, "blue")).toBe(pid(3));
  });
});

describe("Become Captain still takes the role", () => {
  test("from the captain of one's own team, who stays on it as a member", () => {
    const state = run(lobby(6), { type: "teamSelect", playerId: pid(6), team: "red", isCaptain: true }).state;
    expect(captainId(state, "red")).toBe(pid(6));
    expect(state.players.find((p) => p.id === pid(2))).toMatchObject({ team: "red", isCaptain: false });
    oneCaptainEach(state);
  });

  test("from the other team's captain, the mover's old team keeping one", () => {
    const state = run(lobby(6), { type: "teamSelect", playerId: HOST, team: "red", isCaptain: true }).state;
    expect([captainId(state, "blue"), captainId(state, "red")]).toEqual([pid(3), HOST]);
    oneCaptainEach(state);
  });

  test("a lobby saved before captains came by themselves gets them when its game starts", () => {
    const old = { ...lobby(4), players: lobby(4).players.map((p) => ({ ...p, isCaptain: false })) };
    const state = run(old, { type: "startGame", by: HOST, questions: questions(3) }).state;
    expect([captainId(state, "blue"), captainId(state, "red")]).toEqual([HOST, pid(2)]);
  });
});
