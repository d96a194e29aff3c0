// The host ends a running game (docs/decisions.md "The game explains itself and forgives slips: the lobby, home page and host actions"), through reduce(): who may, what is kept,
// what is dropped, and that a verdict arriving late changes nothing.
import { describe, expect, test } from "bun:test";
import { ROUND_TIMER } from "../../src/game/effects";
import { ASKED_MAX } from "../../src/game/settings";
import { emitted, expectRefused, game, HOST, lobby, memberOf, ofType, pid, playRound, run, startRound, T0 } from "../support/builders";

describe("endGame", () => {
  test("only the host, only while a game runs and is not over", () => {
    expectRefused(game(3), { type: "endGame", by: pid(2) }, "forbidden");
    expectRefused(lobby(4), { type: "endGame", by: HOST }, "conflict");
    let done = game(1);
    done = playRound(done, { blue: "correct", red: "wrong" }).state;
    expect(done.game!.phase).toBe("complete");
    expectRefused(done, { type: "endGame", by: HOST }, "conflict");
  });

  test("with rounds judged: the game is complete with those rounds and their scores, and the room is told", () => {
    let state = game(20);
    state = playRound(state, { blue: "correct", red: "wrong" }).state;
    state = playRound(state, { blue: "steal", red: "correct" }).state;
    const before = state.game!;
    const { state: ended, effects } = run(state, { type: "endGame", by: HOST });
    expect(ended.game).toMatchObject({ phase: "complete", totalRounds: 2, currentRoundNumber: 2, currentRound: null, scores: before.scores });
    expect(ended.game!.rounds).toEqual(before.rounds);
    expect(ended.game!.scores).toEqual({ blue: 3, red: 0 });
    const told = emitted(effects, "game-stopped");
    expect(told).toHaveLength(1);
    expect(told[0]!.to).toEqual({ kind: "room" });
    expect(told[0]!.payload).toMatchObject({ updateType: "game-stopped", reason: "The host ended the game", lobby: { gameState: { phase: "complete", totalRounds: 2 } } });
    // Once over, it is the summary's Return to Lobby that takes everyone back, as after a full game.
    const back = run(ended, { type: "returnToLobby", by: HOST });
    expect(back.state.game).toBeNull();
  });

  test("a round still open is dropped unscored: its timer is cancelled and a late verdict is refused", () => {
    let state = playRound(game(5), { blue: "correct", red: "correct" }).state;
    state = startRound(state, T0 + 10_000).state;
    state = run(state, { type: "submit", playerId: memberOf("red"), team: "red", roundNumber: 2, answer: "late", isSteal: false }, T0 + 11_000).state;
    state = run(state, { type: "timeUp", roundNumber: 2 }, state.game!.currentRound!.endsAt).state;
    expect(state.game!.phase).toBe("judging");
    const { state: ended, effects } = run(state, { type: "endGame", by: HOST });
    expect(ofType(effects, "cancel")).toEqual([{ type: "cancel", key: ROUND_TIMER }]);
    expect(ended.game!.rounds.map((r) => r.number)).toEqual([1]);
    expect(ended.game!.scores).toEqual({ blue: 1, red: 1 });
    expectRefused(ended, { type: "judged", roundNumber: 2, verdicts: { red: true } }, "conflict");
    expectRefused(ended, { type: "submit", playerId: memberOf("blue"), team: "blue", roundNumber: 2, answer: "x", isSteal: false }, "conflict");
  });

  test("with no round judged: straight back to the lobby, told as game-ended", () => {
    const state = startRound(game(20)).state;
    const { state: back, effects } = run(state, { type: "endGame", by: HOST });
    expect(back.game).toBeNull();
    expect(emitted(effects, "game-ended")[0]!.payload).toMatchObject({ reason: "The host ended the game", lobby: { gameState: null } });
    expect(ofType(effects, "cancel")).toHaveLength(1);
  });

  test("questions never shown go back to the lobby's pool; shown ones stay asked", () => {
    let state = playRound(game(4), { blue: "none", red: "none" }).state;
    state = startRound(state).state;
    const [q1, q2, q3, q4] = state.game!.questions.map((q) => q.question);
    const ended = run(state, { type: "endGame", by: HOST }).state;
    expect(ended.asked).toEqual([q1!, q2!]);
    expect(ended.asked).not.toContain(q3);
    expect(ended.asked).not.toContain(q4);
  });

  test("the asked list keeps the newest ASKED_MAX, however many games are started and ended", () => {
    // The audit's loop: an own question edited to new text, start, start round, end game, again.
    let state = lobby(4);
    for (let i = 0; i < ASKED_MAX + 100; i++) {
      state = run(state, { type: "startGame", by: HOST, questions: [{ question: `Edited question number ${i}?`, answer: "x", aliases: [], category: "Ours" }] }).state;
      state = startRound(state).state;
      state = run(state, { type: "endGame", by: HOST }).state;
      if (state.game) state = run(state, { type: "returnToLobby", by: HOST }).state;
    }
    expect(state.asked).toHaveLength(ASKED_MAX);
    expect(state.asked.at(-1)).toBe(`Edited question number ${ASKED_MAX + 99}?`);
  });
});
