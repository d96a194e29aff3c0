// Who locked what (docs/rules.md "Who locked what"): the rules record, per round, which player
// locked each team's answer or steal and how long after the question appeared; an overrule keeps
// the locker; a refused lock records nothing; the room sees it only once the round is judged.
import { describe, expect, test } from "bun:test";
import type { Command } from "../../src/game/commands";
import type { LobbyState, Team } from "../../src/game/types";
import { lobbyView } from "../../src/game/views";
import { expectRefused, game, HOST, pid, run, startRound, T0 } from "../support/builders";

const submit = (playerId: string, team: Team, answer: string, isSteal = false, roundNumber = 1): Command => ({ type: "submit", playerId, team, roundNumber, answer, isSteal });
const judge = (state: LobbyState, blue: boolean, red: boolean) => run(state, { type: "judged", roundNumber: state.game!.currentRoundNumber, verdicts: { blue, red } }).state;

describe("the locker", () => {
  test("of an answer and of a steal: who, by the name they had, and ms after the question appeared", () => {
    // Six players: the host and p3, p5 on blue; p2, p4, p6 on red. A member, not the captain, locks red's steal.
    let state = startRound(game(3, { players: 6 }), T0 + 500).state;
    expect(state.game!.currentRound!.startedAt).toBe(T0 + 500);
    state = run(state, submit(pid(4), "red", "", true), T0 + 2_700).state;
    state = run(state, submit(pid(3), "blue", "Quokka1"), T0 + 4_500).state;
    const round = judge(state, true, false).game!.rounds[0]!;
    expect(round.plays.blue.lockedBy).toEqual({ playerId: pid(3), name: "P3", ms: 4_000 });
    expect(round.plays.red.lockedBy).toEqual({ playerId: pid(4), name: "P4", ms: 2_200 });
    expect(lobbyView(judge(state, true, false)).gameState!.rounds[0]).toMatchObject({
      blueLockedBy: { playerId: pid(3), name: "P3", ms: 4_000 },
      redLockedBy: { playerId: pid(4), name: "P4", ms: 2_200 },
    });
  });

  test("a team that never locked has none", () => {
    let state = startRound(game(3)).state;
    state = run(state, submit(HOST, "blue", "Quokka1"), T0 + 1_000).state;
    state = run(state, { type: "timeUp", roundNumber: 1 }, T0 + 60_000).state;
    const round = judge(state, true, false).game!.rounds[0]!;
    expect(round.plays.red.lockedBy).toBeNull();
    expect(lobbyView(judge(state, true, false)).gameState!.rounds[0]!.redLockedBy).toBeNull();
  });

  test("a lock refused (a latecomer's, a teammate's second, one after time is up) records nobody", () => {
    let state = startRound(game(3)).state;
    // p5 joins during the open round (blue, the smaller team): they watch it and play from the next.
    state = run(state, { type: "join", playerId: pid(5), name: "Late" }, T0 + 1_000).state;
    expectRefused(state, submit(pid(5), "blue", "Quokka1"), "forbidden", T0 + 1_500);
    expect(state.game!.currentRound!.locks.blue).toBeUndefined();
    state = run(state, submit(HOST, "blue", "Quokka1"), T0 + 3_000).state;
    expectRefused(state, submit(pid(3), "blue", "Other"), "conflict", T0 + 3_500);
    expectRefused(state, submit(pid(2), "red", "Late answer"), "conflict", T0 + 60_000);
    state = run(state, { type: "timeUp", roundNumber: 1 }, T0 + 60_000).state;
    const round = judge(state, true, false).game!.rounds[0]!;
    expect(round.plays.blue.lockedBy).toEqual({ playerId: HOST, name: "Host", ms: 3_000 });
    expect(round.plays.red.lockedBy).toBeNull();
  });

  test("the quizmaster's overrule keeps the locker", () => {
    let state = startRound(game(3)).state;
    state = run(state, submit(HOST, "blue", "Quokka-ish"), T0 + 1_000).state;
    state = run(state, submit(pid(2), "red", "Wombat"), T0 + 2_000).state;
    state = judge(state, false, false);
    const ruled = run(state, { type: "overrule", by: HOST, roundNumber: 1, team: "blue", correct: true }).state;
    expect(ruled.game!.rounds[0]!.plays.blue).toMatchObject({ correct: true, overruled: true, lockedBy: { playerId: HOST, name: "Host", ms: 1_000 } });
  });

  test("before results the room knows only that a team locked, never who", () => {
    let state = startRound(game(3)).state;
    state = run(state, submit(pid(2), "red", "", true), T0 + 1_000).state;
    const before = JSON.stringify(lobbyView(state));
    expect(before).not.toContain("LockedBy");
    expect(lobbyView(state).gameState!.locked).toEqual({ blue: false, red: true });
    // Judging: still nobody named.
    state = run(state, { type: "timeUp", roundNumber: 1 }, T0 + 60_000).state;
    expect(JSON.stringify(lobbyView(state))).not.toContain("LockedBy");
  });
});
