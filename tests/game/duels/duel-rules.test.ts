// Duels through reduce() (docs/rules.md "Duels"): creating, joining, starting, the pairings of a round,
// locks and steals, the bye, judging by the Teams table within each pair, standings, overrule, and
// what the room may see before results.
import { describe, expect, test } from "bun:test";
import { reduce } from "../../../src/game/reduce";
import { BYE_NO_STEAL, NO_TEAMS } from "../../../src/game/duels/duel-rules";
import { lobbyView, playerSnapshot } from "../../../src/game/views";
import { emitted, expectRefused, HOST, ofType, pid, question, questions, run, T0 } from "../../support/builders";
import { duelGame, duelLobby, lockIn, payloadOf, stealOn } from "../../support/duels";

const startRound = (state: Parameters<typeof run>[0], now = T0) => run(state, { type: "startRound", by: HOST }, now);

describe("a Duels lobby", () => {
  test("has no teams or captains: every player is on no team, the view lists them in `players` with its mode", () => {
    const view = lobbyView(duelLobby(3));
    expect(view.mode).toBe("duels");
    expect(view.players!.map((p) => [p.name, p.team, p.isCaptain])).toEqual([["Host", null, false], ["P2", null, false], ["P3", null, false]]);
    expect(view.blueTeam).toEqual([]);
    expect(view.redTeam).toEqual([]);
    expect(view.captains).toEqual({ blue: null, red: null });
    expect(view.quizmaster).toBeUndefined();
  });

  test("a player joins on no team, in the room's channel only", () => {
    const { effects } = run(duelLobby(1), { type: "join", playerId: pid(2), name: "P2" });
    expect(ofType(effects, "seat")).toEqual([{ type: "seat", playerId: pid(2), team: "none" }]);
  });

  test("holds 16 players; the 17th is refused (409)", () => {
    expect(expectRefused(duelLobby(16), { type: "join", playerId: "p17", name: "P17" }, "conflict").message).toBe("Lobby is full");
  });

  test("teamSelect is 409, and so are sitting out and team chat", () => {
    expect(expectRefused(duelLobby(3), { type: "teamSelect", playerId: pid(2), team: "red", isCaptain: false }, "conflict").message).toBe(NO_TEAMS);
    expectRefused(duelLobby(3), { type: "sitOut", by: HOST }, "conflict");
    expectRefused(duelLobby(3), { type: "chat", playerId: pid(2), message: "hi", chatType: "team" }, "conflict");
    expect(run(duelLobby(3), { type: "chat", playerId: pid(2), message: "hi", chatType: "game" }, T0).state.chat).toHaveLength(1);
  });

  test("starts with two players, not with one (409)", () => {
    expect(expectRefused(duelLobby(1), { type: "startGame", by: HOST, questions: questions(3) }, "conflict").message).toBe("A Duel needs at least 2 players");
    expect(run(duelLobby(2), { type: "startGame", by: HOST, questions: questions(3) }).state.game!.phase).toBe("idle");
  });

  test("a host handing the role on stays on no team", () => {
    const state = run(duelLobby(3), { type: "transferHost", by: HOST, playerId: pid(2) }).state;
    expect(state.players.map((p) => p.team)).toEqual([null, null, null]);
  });
});

describe("a round of a Duel", () => {
  test("pairs everyone by the circle, with a bye for an odd count; the round-started event names the pairs", () => {
    const { state, effects } = startRound(duelGame(5));
    expect(state.game!.currentRound!.pairs).toEqual([
      { a: HOST, b: pid(4) },
      { a: pid(2), b: pid(3) },
      { a: pid(5), b: null },
    ]);
    expect(payloadOf(effects, "round-started").game.pairs).toEqual([
      { a: HOST, b: pid(4), aLocked: false, bLocked: false },
      { a: pid(2), b: pid(3), aLocked: false, bLocked: false },
      { a: pid(5), b: null, aLocked: false, bLocked: false },
    ]);
  });

  test("a lock tells the room who locked, never what; only the player hears what", () => {
    const { state, effects } = run(startRound(duelGame(4)).state, lockIn(pid(2), "Quokka1"));
    const told = emitted(effects, "duel-locked");
    expect(told.map((e) => [e.to, e.payload])).toEqual([
      [{ kind: "room" }, { roundNumber: 1, playerId: pid(2) }],
      [{ kind: "player", playerId: pid(2) }, { roundNumber: 1, playerId: pid(2), answer: "Quokka1", isSteal: false }],
    ]);
    expect(JSON.stringify(lobbyView(state))).not.toContain("Quokka1");
    expect(playerSnapshot(state, pid(3))!.lock).toBeNull();
    expect(playerSnapshot(state, pid(2))!.lock).toEqual({ answer: "Quokka1", isSteal: false, playerId: pid(2) });
    expect(lobbyView(state).gameState!.pairs!.find((p) => p.b === pid(3))).toEqual({ a: pid(2), b: pid(3), aLocked: true, bLocked: false });
  });

  test("a second lock by the same player is 409; a steal on the bye is 409; a latecomer plays from the next round (403)", () => {
    const open = run(startRound(duelGame(5)).state, lockIn(pid(2), "x")).state;
    expectRefused(open, lockIn(pid(2), "y"), "conflict");
    expect(expectRefused(open, stealOn(pid(5)), "conflict").message).toBe(BYE_NO_STEAL);
    const late = run(open, { type: "join", playerId: "p6", name: "P6" }, T0 + 1).state;
    expectRefused(late, lockIn("p6", "z"), "forbidden");
  });

  test("closes when every duellist has locked, then judges every typed answer by player", () => {
    // Pairs: host vs p2, p3 on the bye.
    let state = startRound(duelGame(3)).state;
    state = run(state, stealOn(HOST)).state;
    state = run(state, lockIn(pid(3), "Quokka1")).state;
    expect(state.game!.phase).toBe("question");
    const last = run(state, lockIn(pid(2), "nope"));
    expect(last.state.game!.phase).toBe("judging");
    const judge = ofType(last.effects, "judge");
    expect(judge.map((j) => j.answers)).toEqual([{ [pid(3)]: "Quokka1", [pid(2)]: "nope" }]);
  });

  test("scores each pair by the Teams table; standings by points, then steals that paid off", () => {
    let state = startRound(duelGame(4)).state;
    // Pairs: host vs p4, p2 vs p3.
    state = run(state, lockIn(HOST, "Quokka1")).state;
    state = run(state, stealOn(pid(4))).state;
    state = run(state, lockIn(pid(2), "Quokka1")).state;
    state = run(state, lockIn(pid(3), "wrong")).state;
    const { state: judged, effects } = run(state, { type: "judged", roundNumber: 1, verdicts: { [HOST]: true, [pid(2)]: true, [pid(3)]: false } });
    const duels = judged.game!.rounds[0]!.duels!;
    expect(duels.map((d) => [d.a.playerId, d.a.points, d.b!.playerId, d.b!.points])).toEqual([
      [HOST, 0, pid(4), 2],
      [pid(2), 1, pid(3), 0],
    ]);
    const results = payloadOf(effects, "round-results");
    expect(results.standings).toEqual([
      { playerId: pid(4), name: "P4", points: 2, steals: 1 },
      { playerId: pid(2), name: "P2", points: 1, steals: 0 },
      { playerId: HOST, name: "Host", points: 0, steals: 0 },
      { playerId: pid(3), name: "P3", points: 0, steals: 0 },
    ]);
    expect(results.round.duels).toEqual(duels);
    expect(lobbyView(judged).gameState!.standings![0]).toMatchObject({ name: "P4", points: 2 });
  });

  test("the bye answers alone: +1 if right", () => {
    let state = startRound(duelGame(3)).state;
    const bye = state.game!.currentRound!.pairs!.find((p) => p.b === null)!.a;
    state = run(state, lockIn(bye, "Quokka1")).state;
    state = run(state, { type: "timeUp", roundNumber: 1 }).state;
    const judged = run(state, { type: "judged", roundNumber: 1, verdicts: { [bye]: true } }).state;
    expect(judged.game!.rounds[0]!.duels!.at(-1)).toMatchObject({ a: { playerId: bye, points: 1 }, b: null });
  });

  test("the host overrules one player's answer: their pair is scored again (a typed name is needed: 400)", () => {
    let state = startRound(duelGame(2)).state;
    state = run(state, lockIn(HOST, "Quokka")).state;
    state = run(state, stealOn(pid(2))).state;
    state = run(state, { type: "judged", roundNumber: 1, verdicts: { [HOST]: false } }).state;
    expect(state.game!.rounds[0]!.duels![0]!.b!.points).toBe(0);
    expectRefused(state, { type: "overrule", by: HOST, roundNumber: 1, team: "blue", correct: true }, "invalid");
    expectRefused(state, { type: "overrule", by: HOST, roundNumber: 1, playerId: pid(2), correct: true }, "conflict");
    const { state: ruled, effects } = run(state, { type: "overrule", by: HOST, roundNumber: 1, playerId: HOST, correct: true });
    expect(ruled.game!.rounds[0]!.duels![0]).toMatchObject({ a: { playerId: HOST, correct: true, overruled: true, points: 0 }, b: { playerId: pid(2), points: 2 } });
    expect(payloadOf(effects, "round-overruled").standings![0]).toMatchObject({ playerId: pid(2), points: 2, steals: 1 });
  });

  test("a latecomer is paired from the next round; the circle starts again with them", () => {
    let state = startRound(duelGame(4)).state;
    state = run(state, { type: "join", playerId: "p5", name: "P5" }, T0 + 1).state;
    state = run(state, { type: "timeUp", roundNumber: 1 }).state;
    state = run(state, { type: "judged", roundNumber: 1, verdicts: {} }).state;
    const next = run(state, { type: "startRound", by: HOST }).state;
    expect(next.game!.currentRound!.pairs!.flatMap((p) => [p.a, p.b])).toContain("p5");
    expect(next.game!.circle).toEqual({ roster: [HOST, pid(2), pid(3), pid(4), "p5"], from: 2 });
  });

  test("the host's hand on the clock holds in a Duel: a lock while paused is 409; a skip keeps the pairs and drops the locks", () => {
    let state = startRound(duelGame(4)).state;
    state = run(state, lockIn(pid(2), "x")).state;
    const paused = run(state, { type: "pause", by: HOST, paused: true }, T0 + 1).state;
    expect(expectRefused(paused, lockIn(pid(3), "y"), "conflict", T0 + 2).message).toBe("The game is paused");
    const skipped = run(state, { type: "skipQuestion", by: HOST, roundNumber: 1, question: question(9) }, T0 + 1).state;
    expect(skipped.game!.currentRound!.pairs).toEqual(state.game!.currentRound!.pairs);
    expect(skipped.game!.currentRound!.playerLocks).toEqual({});
    expect(run(skipped, lockIn(pid(2), "z"), T0 + 2).state.game!.currentRound!.playerLocks![pid(2)]!.answer).toBe("z");
  });

  test("a Duel left with one player ends", () => {
    const started = startRound(duelGame(2)).state;
    const { state, effects } = run(started, { type: "leave", playerId: pid(2) });
    expect(state.game).toBeNull();
    expect(payloadOf(effects, "game-ended").reason).toBe("Only one player is left");
  });

  test("someone leaving mid-round is not waited for", () => {
    let state = startRound(duelGame(3)).state;
    state = run(state, { type: "leave", playerId: pid(3) }).state;
    state = run(state, lockIn(HOST, "a")).state;
    expect(run(state, lockIn(pid(2), "b")).state.game!.phase).toBe("judging");
  });

  test("the question is the same for everyone and the answer stays hidden until results", () => {
    const state = startRound(duelGame(4)).state;
    expect(lobbyView(state).gameState!.currentRound!.question).toBe(question(1).question);
    expect(JSON.stringify(playerSnapshot(state, pid(2)))).not.toContain(question(1).answer);
    expect(reduce(state, lockIn(pid(2), "x", 2), { now: T0 }).ok).toBe(false);
  });
});
