// The host sitting out as quizmaster (docs/decisions.md "The game explains itself and forgives slips: the lobby, home page and host actions"), through reduce(): who may, what the
// views and channels say, the start condition and team counts, what the quizmaster may and may not
// do in a game, and how they come back to a team or stop being host.
import { describe, expect, test } from "bun:test";
import { QUIZMASTER_NO_ANSWER } from "../../src/game/quizmaster-rules";
import { reduce } from "../../src/game/reduce";
import type { LobbyState } from "../../src/game/types";
import { lobbyView, playerSnapshot, teamOf } from "../../src/game/views";
import { emitted, expectRefused, HOST, lobby, ofType, pid, questions, run, T0 } from "../support/builders";

const sitOut = (state: LobbyState, by = HOST) => run(state, { type: "sitOut", by });
const host = (state: LobbyState) => state.players.find((p) => p.id === HOST)!;

/** Host sitting out; p2 captains red, p3 captains blue (the host's team passed it on), p4 is on red. */
const quizmasterLobby = (): LobbyState => sitOut(lobby(4)).state;

describe("sitting out", () => {
  test("the host leaves both teams (and a captaincy, which the team's longest-seated member takes), the room is told, and the host's connections leave the team channels", () => {
    const captained = lobby(4);
    expect(host(captained)).toMatchObject({ team: "blue", isCaptain: true });
    const { state, effects } = sitOut(captained);
    expect(host(state)).toMatchObject({ team: null, isCaptain: false, isHost: true });
    expect(ofType(effects, "seat")).toEqual([{ type: "seat", playerId: HOST, team: "none" }]);
    expect(emitted(effects, "player-team-changed")[0]!.payload).toMatchObject({ playerId: HOST, lobby: { quizmaster: { id: HOST, team: null } } });
    const view = lobbyView(state);
    expect(view.quizmaster).toMatchObject({ id: HOST, name: "Host", isHost: true });
    expect([...view.blueTeam, ...view.redTeam].map((p) => p.id)).not.toContain(HOST);
    expect(view.captains.blue!.id).toBe(pid(3));
  });

  test("a lobby without a quizmaster has no quizmaster field in its view", () => {
    expect("quizmaster" in lobbyView(lobby(4))).toBe(false);
  });

  test("only the host, not during a game, not twice", () => {
    expectRefused(lobby(4), { type: "sitOut", by: pid(2) }, "forbidden");
    const playing = run(lobby(4), { type: "startGame", by: HOST, questions: questions(3) }).state;
    expectRefused(playing, { type: "sitOut", by: HOST }, "conflict");
    expectRefused(sitOut(lobby(4)).state, { type: "sitOut", by: HOST }, "conflict");
  });

  test("team counts leave the quizmaster out; joiners fill the smaller team, each the captain of the team it is first on; the start condition is a player on each team", () => {
    let state = sitOut(lobby(1)).state;
    expect(teamOf(state, "blue")).toHaveLength(0);
    expect(teamOf(state, "red")).toHaveLength(0);
    expect(expectRefused(state, { type: "startGame", by: HOST, questions: questions(3) }, "conflict").message).toBe("Both teams need a player");
    state = run(state, { type: "join", playerId: pid(2), name: "P2" }).state;
    expect(expectRefused(state, { type: "startGame", by: HOST, questions: questions(3) }, "conflict").message).toBe("Red Team needs a player");
    state = run(state, { type: "join", playerId: pid(3), name: "P3" }).state;
    expect(state.players.map((p) => [p.team, p.isCaptain])).toEqual([
      [null, false],
      ["blue", true],
      ["red", true],
    ]);
    expect(run(state, { type: "startGame", by: HOST, questions: questions(3) }).state.game!.phase).toBe("idle");
  });

  test("taking a seat on a team again ends the sitting out", () => {
    const { state, effects } = run(quizmasterLobby(), { type: "teamSelect", playerId: HOST, team: "red", isCaptain: false });
    expect(host(state).team).toBe("red");
    expect(ofType(effects, "seat")).toEqual([{ type: "seat", playerId: HOST, team: "red" }]);
    expect("quizmaster" in lobbyView(state)).toBe(false);
  });
});

describe("the quizmaster in a game", () => {
  const started = () => run(quizmasterLobby(), { type: "startGame", by: HOST, questions: questions(3) }).state;

  test("runs it: starts the rounds and overrules", () => {
    let state = run(started(), { type: "startRound", by: HOST }).state;
    state = run(state, { type: "submit", playerId: pid(3), team: "blue", roundNumber: 1, answer: "Quokka1", isSteal: false }, T0 + 1).state;
    state = run(state, { type: "submit", playerId: pid(2), team: "red", roundNumber: 1, answer: "nope", isSteal: false }, T0 + 2).state;
    state = run(state, { type: "judged", roundNumber: 1, verdicts: { blue: true, red: false } }).state;
    state = run(state, { type: "overrule", by: HOST, roundNumber: 1, team: "red", correct: true }).state;
    expect(state.game!.scores).toEqual({ blue: 1, red: 1 });
  });

  test("cannot lock in or steal for either team", () => {
    const state = run(started(), { type: "startRound", by: HOST }).state;
    for (const team of ["blue", "red"] as const) {
      for (const isSteal of [false, true]) {
        const out = reduce(state, { type: "submit", playerId: HOST, team, roundNumber: 1, answer: "x", isSteal }, { now: T0 + 1 });
        expect(out).toEqual({ ok: false, kind: "forbidden", message: QUIZMASTER_NO_ANSWER });
      }
    }
  });

  test("hears neither team: no team chat of its own, no team lock, only room chat in a snapshot", () => {
    let state = run(started(), { type: "startRound", by: HOST }).state;
    expectRefused(state, { type: "chat", playerId: HOST, message: "psst", chatType: "team" }, "forbidden");
    const said = run(state, { type: "chat", playerId: HOST, message: "Ten seconds!", chatType: "game" });
    expect(emitted(said.effects, "chat-message")[0]!.to).toEqual({ kind: "room" });
    state = run(said.state, { type: "chat", playerId: pid(3), message: "blue secret", chatType: "team" }).state;
    state = run(state, { type: "submit", playerId: pid(3), team: "blue", roundNumber: 1, answer: "Quokka1", isSteal: false }, T0 + 1).state;
    const snap = playerSnapshot(state, HOST)!;
    expect(snap.lock).toBeNull();
    expect(snap.chat.map((m) => m.message)).toEqual(["Ten seconds!"]);
    expect(snap.you.team).toBeNull();
  });

  test("a team left empty still ends the game; the quizmaster does not count as a player of either", () => {
    const state = started();
    const out = run(state, { type: "leave", playerId: pid(3) });
    expect(out.state.game).toBeNull();
    expect(emitted(out.effects, "game-ended")).toHaveLength(1);
  });
});

describe("a quizmaster who stops being host", () => {
  test("handing the role over seats the former host on the smaller team", () => {
    let state = quizmasterLobby();
    const { state: next, effects } = run(state, { type: "transferHost", by: HOST, playerId: pid(2) });
    // blue has p3, red has p2 and p4: blue is smaller.
    expect(host(next)).toMatchObject({ team: "blue", isHost: false, isCaptain: false });
    expect(ofType(effects, "seat")).toEqual([{ type: "seat", playerId: HOST, team: "blue" }]);
    expect(next.players.filter((p) => p.team === null)).toEqual([]);
    state = next;
    expect("quizmaster" in lobbyView(state)).toBe(false);
  });

  test("the grace hand-off does the same", () => {
    let state = quizmasterLobby();
    for (const p of state.players) state = run(state, { type: "presence", playerId: p.id, connected: true }).state;
    state = run(state, { type: "presence", playerId: HOST, connected: false }).state;
    state = run(state, { type: "hostGraceOver" }, T0 + 30_000).state;
    expect(state.hostId).toBe(pid(2));
    expect(host(state).team).toBe("blue");
  });

  test("a quizmaster who leaves passes the role on; nobody is left without a team", () => {
    const state = run(quizmasterLobby(), { type: "leave", playerId: HOST }).state;
    expect(state.hostId).toBe(pid(2));
    expect(state.players.every((p) => p.team !== null)).toBe(true);
  });
});
