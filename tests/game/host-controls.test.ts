// The host's hand on the clock through reduce(), time passed by hand (docs/rules.md "The host runs the
// room"): pause and resume, locks while paused, replayed and stale calls, skip, more time and its cap,
// a timer firing while paused, and what a restart's downtime gives back.
import { describe, expect, test } from "bun:test";
import { shifted } from "../../src/game/clock-rules";
import type { Command } from "../../src/game/commands";
import { ROUND_TIMER } from "../../src/game/effects";
import { PAUSED, ROUND_MAX_MS } from "../../src/game/host-controls";
import { resumeEffects } from "../../src/game/round-rules";
import type { LobbyState, Team } from "../../src/game/types";
import { lobbyView } from "../../src/game/views";
import { emitted, expectRefused, game, HOST, memberOf, ofType, pid, question, run, startRound, T0 } from "../support/builders";

const LIMIT = 60_000;
const pause = (paused: boolean, by = HOST): Command => ({ type: "pause", by, paused });
const addTime = (seconds: number, roundNumber = 1, by = HOST): Command => ({ type: "addTime", by, roundNumber, seconds });
const skip = (roundNumber = 1, q = question(99), by = HOST): Command => ({ type: "skipQuestion", by, roundNumber, question: q });
const lock = (team: Team, roundNumber = 1): Command => ({ type: "submit", playerId: memberOf(team), team, roundNumber, answer: "a guess", isSteal: false });
/** A game of three rounds with round 1 open since T0 (60 s). */
const open = () => startRound(game(3, { roundLimit: LIMIT / 1000 })).state;
const endsAt = (s: LobbyState) => s.game!.currentRound!.endsAt;

describe("pause", () => {
  test("stops the clock and resume gives back exactly the paused time: the deadline moves by the pause's length", () => {
    const paused = run(open(), pause(true), T0 + 10_000);
    expect(paused.state.game!.pausedAt).toBe(T0 + 10_000);
    expect(ofType(paused.effects, "cancel")).toEqual([{ type: "cancel", key: ROUND_TIMER }]);
    expect(emitted(paused.effects, "game-paused")[0]!.payload).toMatchObject({ paused: true, lobby: { gameState: { paused: true, pausedAt: T0 + 10_000 } } });
    const resumed = run(paused.state, pause(false), T0 + 10_000 + 7_345);
    expect(endsAt(resumed.state)).toBe(T0 + LIMIT + 7_345);
    // 50 s were left at the pause; 50 s are left at the resume.
    expect(endsAt(resumed.state) - (T0 + 17_345)).toBe(50_000);
    expect(resumed.state.game!.pausedAt).toBeNull();
    expect(ofType(resumed.effects, "schedule")).toEqual([{ type: "schedule", key: ROUND_TIMER, at: T0 + LIMIT + 7_345, command: { type: "timeUp", roundNumber: 1 } }]);
    expect(lobbyView(resumed.state).gameState).toMatchObject({ paused: false, pausedAt: null });
  });

  test("locks and steals are refused while paused (409 'The game is paused'); chat goes on", () => {
    const paused = run(open(), pause(true), T0 + 1000).state;
    expect(expectRefused(paused, lock("blue"), "conflict", T0 + 2000).message).toBe(PAUSED);
    expect(expectRefused(paused, { ...lock("red"), isSteal: true, answer: "" } as Command, "conflict", T0 + 2000).message).toBe(PAUSED);
    expect(run(paused, { type: "chat", playerId: pid(2), message: "hold on", chatType: "game" }, T0 + 2000).state.chat).toHaveLength(1);
    const resumed = run(paused, pause(false), T0 + 3000).state;
    expect(run(resumed, lock("blue"), T0 + 4000).state.game!.currentRound!.locks.blue).toBeDefined();
  });

  test("a timer that fires while paused does nothing: the round stays open with its time", () => {
    const paused = run(open(), pause(true), T0 + 1000).state;
    expect(expectRefused(paused, { type: "timeUp", roundNumber: 1 }, "conflict", T0 + LIMIT + 5_000).message).toBe(PAUSED);
    // and a restart while paused arms no timer: it is armed on resume
    expect(resumeEffects(paused)).toEqual([]);
  });

  test("a replayed pause or resume changes nothing and tells no one", () => {
    const paused = run(open(), pause(true), T0 + 1000).state;
    const again = run(paused, pause(true), T0 + 9000);
    expect(again.state).toBe(paused);
    expect(again.effects).toEqual([]);
    const running = open();
    expect(run(running, pause(false), T0 + 9000).state).toBe(running);
  });

  test("holds every phase of a game: no round starts while paused, and results wait", () => {
    const idle = run(game(3), pause(true), T0).state;
    expect(expectRefused(idle, { type: "startRound", by: HOST }, "conflict").message).toBe(PAUSED);
    expect(run(run(idle, pause(false), T0 + 5).state, { type: "startRound", by: HOST }, T0 + 6).state.game!.phase).toBe("question");
  });

  test("host only (403); outside a game 409; nothing changes on a refusal", () => {
    expectRefused(open(), pause(true, pid(2)), "forbidden");
    expectRefused(run(game(3), { type: "returnToLobby", by: HOST }).state, pause(true), "conflict");
  });

  test("the host's End Game ends the pause with it", () => {
    const paused = run(open(), pause(true), T0 + 1000).state;
    expect(run(paused, { type: "endGame", by: HOST }).state.game).toBeNull();
  });
});

describe("skip a question", () => {
  test("another question with its full time, the old locks dropped, no points, never asked again", () => {
    let state = open();
    state = run(state, lock("blue"), T0 + 5_000).state;
    const { state: next, effects } = run(state, skip(), T0 + 20_000);
    const round = next.game!.currentRound!;
    expect(round).toMatchObject({ number: 1, question: question(99), locks: {}, startedAt: T0 + 20_000, endsAt: T0 + 20_000 + LIMIT });
    expect(next.game!.phase).toBe("question");
    expect(next.game!.scores).toEqual({ blue: 0, red: 0 });
    expect(next.game!.rounds).toEqual([]);
    expect(next.asked).toContain(question(99).question);
    expect(next.asked).toContain(question(1).question);
    expect(ofType(effects, "schedule")).toEqual([{ type: "schedule", key: ROUND_TIMER, at: T0 + 20_000 + LIMIT, command: { type: "timeUp", roundNumber: 1 } }]);
    const [told] = emitted(effects, "question-skipped");
    expect(told!.to).toEqual({ kind: "room" });
    expect(told!.payload).toMatchObject({ roundNumber: 1, skipped: question(1).question, endsAt: T0 + 20_000 + LIMIT, lobby: { gameState: { currentRound: { question: question(99).question }, locked: { blue: false, red: false } } } });
    // the room learns nothing of the correct answer
    expect(JSON.stringify(told!.payload)).not.toContain(question(99).answer);
    // blue may lock again on the new question
    expect(run(next, lock("blue"), T0 + 21_000).state.game!.currentRound!.locks.blue!.answer).toBe("a guess");
  });

  test("a lock sent for the skipped question (it names the skips it saw) is 409, not taken for the new one", () => {
    const next = run(open(), skip(), T0 + 5_000).state;
    expect(next.game!.currentRound!.skips).toBe(1);
    expect(lobbyView(next).gameState!.currentRound!.skips).toBe(1);
    expect(expectRefused(next, { ...lock("blue"), skips: 0 } as Command, "conflict", T0 + 6_000).message).toBe("The host skipped that question: answer the new one");
    expect(run(next, { ...lock("blue"), skips: 1 } as Command, T0 + 6_000).state.game!.currentRound!.locks.blue).toBeDefined();
    // a caller that names no skips answers whatever is open
    expect(run(next, lock("red"), T0 + 6_000).state.game!.currentRound!.locks.red).toBeDefined();
  });

  test("a question already asked in the lobby, or none left, is 409", () => {
    expectRefused(open(), skip(1, question(2)), "conflict");
    expectRefused(open(), { type: "skipQuestion", by: HOST, roundNumber: 1, question: null }, "conflict");
  });

  test("a stale round number is 409; host only; outside a round 409", () => {
    expectRefused(open(), skip(2), "conflict");
    expectRefused(open(), skip(1, question(99), pid(2)), "forbidden");
    expectRefused(game(3), skip(1), "conflict");
    // a replayed skip after the round closed
    const closed = run(open(), { type: "timeUp", roundNumber: 1 }, T0 + LIMIT).state;
    expectRefused(closed, skip(1), "conflict");
  });

  test("while paused the new question waits at its full time", () => {
    const paused = run(open(), pause(true), T0 + 5_000).state;
    const next = run(paused, skip(), T0 + 9_000).state;
    expect(next.game!.pausedAt).toBe(T0 + 9_000);
    const resumed = run(next, pause(false), T0 + 12_000).state;
    expect(endsAt(resumed) - (T0 + 12_000)).toBe(LIMIT);
  });
});

describe("more time", () => {
  test("moves the deadline and the timer by the seconds added", () => {
    const { state, effects } = run(open(), addTime(30), T0 + 1_000);
    expect(endsAt(state)).toBe(T0 + LIMIT + 30_000);
    expect(state.game!.currentRound!.allowedMs).toBe(LIMIT + 30_000);
    expect(ofType(effects, "schedule")[0]).toMatchObject({ at: T0 + LIMIT + 30_000 });
    expect(emitted(effects, "time-added")[0]!.payload).toMatchObject({ roundNumber: 1, seconds: 30 });
  });

  test("caps a round at 5 minutes of playing time in all, then 409", () => {
    let state = open();
    for (let i = 0; i < 4; i++) state = run(state, addTime(60), T0 + 1_000).state;
    // 60 + 240 = 300 s: the cap
    expect(state.game!.currentRound!.allowedMs).toBe(ROUND_MAX_MS);
    expectRefused(state, addTime(10), "conflict", T0 + 2_000);
    // a last add that would pass the cap is cut to it
    let near = open();
    for (let i = 0; i < 3; i++) near = run(near, addTime(60), T0 + 1_000).state;
    near = run(near, addTime(50), T0 + 1_000).state;
    const { state: capped, effects } = run(near, addTime(30), T0 + 1_000);
    expect(capped.game!.currentRound!.allowedMs).toBe(ROUND_MAX_MS);
    expect(emitted(effects, "time-added")[0]!.payload).toMatchObject({ seconds: 10 });
  });

  test("paused time is not playing time: a pause does not count toward the cap", () => {
    let state = run(open(), pause(true), T0 + 1_000).state;
    state = run(state, pause(false), T0 + 10 * 60_000).state;
    expect(run(state, addTime(60), T0 + 10 * 60_000 + 1).state.game!.currentRound!.allowedMs).toBe(LIMIT + 60_000);
  });

  test("while paused it moves the deadline but arms no timer (resume does)", () => {
    const paused = run(open(), pause(true), T0 + 1_000).state;
    const { state, effects } = run(paused, addTime(20), T0 + 2_000);
    expect(ofType(effects, "schedule")).toEqual([]);
    expect(run(state, pause(false), T0 + 3_000).state.game!.currentRound!.endsAt).toBe(T0 + LIMIT + 20_000 + 2_000);
  });

  test("seconds outside 10-60 or not whole are 400; non-host 403; stale round or no round 409", () => {
    for (const s of [9, 61, 0, -30, 12.5, Number.NaN]) expectRefused(open(), addTime(s), "invalid");
    expectRefused(open(), addTime(30, 1, pid(3)), "forbidden");
    expectRefused(open(), addTime(30, 2), "conflict");
    expectRefused(game(3), addTime(30), "conflict");
    expectRefused(open(), addTime(30), "conflict", T0 + LIMIT);
  });
});

describe("a restart's downtime", () => {
  test("given back: every deadline the state holds moves by it, a paused clock keeps its time left", () => {
    const running = shifted(open(), 5_000);
    expect(endsAt(running)).toBe(T0 + LIMIT + 5_000);
    const paused = run(open(), pause(true), T0 + 10_000).state;
    const later = shifted(paused, 5_000);
    expect(endsAt(later) - later.game!.pausedAt!).toBe(50_000);
    expect(endsAt(run(later, pause(false), T0 + 20_000).state) - (T0 + 20_000)).toBe(50_000);
  });
});

describe("a host away", () => {
  test("the room's view says who becomes host and when; nothing when no one would take over", () => {
    let state = game(3);
    for (const p of state.players) state = run(state, { type: "presence", playerId: p.id, connected: true }).state;
    state = run(state, { type: "presence", playerId: HOST, connected: false }, T0 + 1_000).state;
    expect(lobbyView(state).hostAway).toEqual({ host: "Host", successor: { id: pid(2), name: "P2" }, at: T0 + 1_000 + 30_000 });
    // p2 leaves too: p3 is next
    state = run(state, { type: "presence", playerId: pid(2), connected: false }, T0 + 2_000).state;
    expect(lobbyView(state).hostAway?.successor.name).toBe("P3");
    for (const id of [pid(3), pid(4)]) state = run(state, { type: "presence", playerId: id, connected: false }, T0 + 3_000).state;
    expect(lobbyView(state).hostAway).toBeUndefined();
    // the host back: nothing to say
    const back = run(state, { type: "presence", playerId: HOST, connected: true }, T0 + 4_000).state;
    expect(lobbyView(back).hostAway).toBeUndefined();
    expect(back.hostHandoffAt).toBeNull();
  });
});
