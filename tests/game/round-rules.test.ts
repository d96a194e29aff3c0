// A game's rounds through reduce(): start, locks, the round's end, judging, results, overrule,
// the game's end, and what each audience may see before results (docs/rules.md).
import { describe, expect, test } from "bun:test";
import type { Command } from "../../src/game/commands";
import { ROUND_TIMER, type Effect } from "../../src/game/effects";
import { reduce } from "../../src/game/reduce";
import type { LobbyState, RoundResult, Team } from "../../src/game/types";
import { emits, emitted, expectRefused, game, HOST, lobby, memberOf, ofType, pid, playRound, question, questions, run, startRound, T0 } from "../support/builders";

const submit = (team: Team, answer: string, isSteal = false, roundNumber = 1, playerId = memberOf(team)): Command => ({ type: "submit", playerId, team, roundNumber, answer, isSteal });

describe("starting a game", () => {
  test("needs a player on each team (409), and then a host and one guest can start", () => {
    expect(expectRefused(lobby(1), { type: "startGame", by: HOST, questions: questions(7) }, "conflict").message).toBe("Red Team needs a player");
    expect(run(lobby(2), { type: "startGame", by: HOST, questions: questions(7) }).state.game!.phase).toBe("idle");
  });

  test("is for the host only (403)", () => {
    expectRefused(lobby(4), { type: "startGame", by: pid(2), questions: questions(7) }, "forbidden");
  });

  test("with a player on each team the host starts it: idle, round 0 of the set rounds, scores 0-0", () => {
    const { state, effects } = run(lobby(4), { type: "startGame", by: HOST, questions: questions(7) });
    expect(state.game).toMatchObject({ phase: "idle", currentRoundNumber: 0, totalRounds: 7, scores: { blue: 0, red: 0 }, rounds: [] });
    const [started] = emitted(effects, "game-started");
    expect(started!.to).toEqual({ kind: "room" });
    expect(started!.payload).toMatchObject({ lobbyCode: "ABCD" });
  });

  test("a running game cannot be started again", () => {
    expectRefused(game(3), { type: "startGame", by: HOST, questions: questions(3) }, "conflict");
  });

  // Found by tests/lobbies/model.property.test.ts: a start whose questions were picked before another
  // game started and ended would replay that game's questions.
  test("never repeats a question this lobby has asked; if none is left, 409", () => {
    const back = run(game(3), { type: "returnToLobby", by: HOST }).state;
    const { state } = run(back, { type: "startGame", by: HOST, questions: [question(2), question(4), question(4), question(5)] });
    expect(state.game!.questions).toEqual([question(4), question(5)]);
    expect(state.asked).toEqual([1, 2, 3, 4, 5].map((n) => question(n).question));
    expectRefused(back, { type: "startGame", by: HOST, questions: questions(3) }, "conflict");
  });
});

describe("startRound", () => {
  test("is for the host only (403)", () => {
    expectRefused(game(3), { type: "startRound", by: pid(2) }, "forbidden");
  });

  test("opens the question with endsAt = now + roundLimit s and schedules the round's end then", () => {
    const { state, effects } = startRound(game(3, { roundLimit: 45 }), T0 + 123);
    const endsAt = T0 + 123 + 45_000;
    expect(state.game!.phase).toBe("question");
    expect(state.game!.currentRoundNumber).toBe(1);
    expect(state.game!.currentRound).toMatchObject({ number: 1, endsAt, locks: {} });
    expect(ofType(effects, "schedule")).toEqual([{ type: "schedule", key: ROUND_TIMER, at: endsAt, command: { type: "timeUp", roundNumber: 1 } }]);
    const [started] = emitted(effects, "round-started");
    expect(started!.to).toEqual({ kind: "room" });
    expect(started!.payload).toMatchObject({
      game: { currentRoundNumber: 1, totalRounds: 3, currentRound: { number: 1, question: question(1).question }, scores: { blue: 0, red: 0 } },
      endsAt,
    });
  });

  test("is refused while a round is open, and without a game", () => {
    expectRefused(startRound(game(3)).state, { type: "startRound", by: HOST }, "conflict");
    expectRefused(lobby(4), { type: "startRound", by: HOST }, "conflict");
  });

  test("the host starts the next round from results", () => {
    const after = playRound(game(3), { blue: "correct", red: "wrong" }).state;
    expect(after.game!.phase).toBe("results");
    const { state } = startRound(after, T0 + 99_000);
    expect(state.game!.currentRoundNumber).toBe(2);
    expect(state.game!.currentRound!.question.question).toBe(question(2).question);
  });

  test("a start naming a round other than the next is a stale replay: refused, nothing changes", () => {
    const afterTwo = playRound(playRound(game(3), { blue: "correct", red: "wrong" }).state, { blue: "wrong", red: "wrong" }).state;
    expect(afterTwo.game!.currentRoundNumber).toBe(2);
    expect(expectRefused(afterTwo, { type: "startRound", by: HOST, roundNumber: 2 }, "conflict").message).toBe("Round 2 has already started");
    expect(expectRefused(afterTwo, { type: "startRound", by: HOST, roundNumber: 4 }, "conflict").message).toBe("Round 4 is not the next round");
    expect(run(afterTwo, { type: "startRound", by: HOST, roundNumber: 3 }).state.game!.currentRoundNumber).toBe(3);
  });
});

describe("submit", () => {
  const open = () => startRound(game(3)).state;
  const during = T0 + 1000;

  test("no round open (409)", () => {
    expectRefused(game(3), submit("blue", "x"), "conflict", during);
    expectRefused(lobby(4), submit("blue", "x"), "conflict", during);
  });

  test("answering for the other team (403)", () => {
    expectRefused(open(), submit("red", "x", false, 1, HOST), "forbidden", during);
    expectRefused(open(), submit("blue", "x", true, 1, pid(2)), "forbidden", during);
  });

  test("the wrong round (409)", () => {
    expectRefused(open(), submit("blue", "x", false, 2), "conflict", during);
    expectRefused(open(), submit("blue", "x", false, 0), "conflict", during);
  });

  test("at or after the deadline (409)", () => {
    const state = open();
    const endsAt = state.game!.currentRound!.endsAt;
    expectRefused(state, submit("blue", "x"), "conflict", endsAt);
    expectRefused(state, submit("blue", "x"), "conflict", endsAt + 5000);
    expect(run(state, submit("blue", "x"), endsAt - 1).state.game!.currentRound!.locks.blue).toBeDefined();
  });

  test("a second lock for the same team, by anyone on it (409)", () => {
    const locked = run(open(), submit("blue", "first"), during).state;
    expectRefused(locked, submit("blue", "second"), "conflict", during);
    expectRefused(locked, submit("blue", "", true, 1, pid(3)), "conflict", during);
    expect(locked.game!.currentRound!.locks.blue).toMatchObject({ playerId: HOST, answer: "first", isSteal: false });
  });

  test("any member may lock, not only the captain", () => {
    const locked = run(open(), submit("blue", "Paris", false, 1, pid(3)), during).state;
    expect(locked.game!.currentRound!.locks.blue).toMatchObject({ playerId: pid(3), answer: "Paris" });
  });

  test("a blank answer is refused unless it is a steal (400)", () => {
    expectRefused(open(), submit("blue", ""), "invalid", during);
    expectRefused(open(), submit("blue", "   "), "invalid", during);
    expect(run(open(), submit("blue", "  ", true), during).state.game!.currentRound!.locks.blue).toMatchObject({ isSteal: true });
  });

  test("the answer is trimmed; the room learns only that the team locked", () => {
    const { state, effects } = run(open(), submit("red", "  Lima "), during);
    expect(state.game!.currentRound!.locks.red!.answer).toBe("Lima");
    expect(state.game!.phase).toBe("question");
    const told = emitted(effects, "team-answer-submitted");
    expect(told).toContainEqual({ type: "emit", to: { kind: "team", team: "blue" }, event: "team-answer-submitted", payload: { team: "red", roundNumber: 1 } });
    expect(told).toContainEqual({ type: "emit", to: { kind: "team", team: "red" }, event: "team-answer-submitted", payload: { team: "red", roundNumber: 1, answer: "Lima", isSteal: false, playerId: memberOf("red") } });
  });
});

describe("the end of a round", () => {
  test("both teams locking ends it at once: timer cancelled, processing started, judge gets typed answers only", () => {
    let state = startRound(game(3)).state;
    state = run(state, submit("blue", "Paris"), T0 + 1000).state;
    const { state: closed, effects } = run(state, submit("red", "", true), T0 + 2000);
    expect(closed.game!.phase).toBe("judging");
    expect(ofType(effects, "cancel")).toEqual([{ type: "cancel", key: ROUND_TIMER }]);
    expect(emitted(effects, "answer-processing-started")[0]!.to).toEqual({ kind: "room" });
    expect(emitted(effects, "round-timeup")).toHaveLength(0);
    const judge = ofType(effects, "judge");
    expect(judge).toHaveLength(1);
    expect(judge[0]!.roundNumber).toBe(1);
    expect(judge[0]!.question).toEqual(question(1));
    expect(judge[0]!.answers).toEqual({ blue: "Paris" });
  });

  test("time up ends it: round-timeup, processing started, and a missing lock is no answer", () => {
    let state = startRound(game(3)).state;
    state = run(state, submit("red", "Oslo"), T0 + 1000).state;
    const endsAt = state.game!.currentRound!.endsAt;
    const { state: closed, effects } = run(state, { type: "timeUp", roundNumber: 1 }, endsAt);
    expect(closed.game!.phase).toBe("judging");
    expect(emitted(effects, "round-timeup")).toEqual([{ type: "emit", to: { kind: "room" }, event: "round-timeup", payload: { roundNumber: 1 } }]);
    expect(emitted(effects, "answer-processing-started")).toHaveLength(1);
    expect(ofType(effects, "judge")[0]!.answers).toEqual({ red: "Oslo" });
    const judged = run(closed, { type: "judged", roundNumber: 1, verdicts: { red: true } }).state;
    expect(judged.game!.rounds[0]).toMatchObject({ plays: { blue: { answer: null, steal: false, points: 0 }, red: { answer: "Oslo", points: 1 } }, winner: "red" });
  });

  test("a late or stale timeUp is refused", () => {
    let state = startRound(game(3)).state;
    expectRefused(state, { type: "timeUp", roundNumber: 2 }, "conflict");
    state = run(state, { type: "timeUp", roundNumber: 1 }).state;
    expectRefused(state, { type: "timeUp", roundNumber: 1 }, "conflict");
  });

  test("judged: results carry every RoundResult field and the scores", () => {
    let state = startRound(game(3)).state;
    state = run(state, submit("blue", "Quokka1"), T0 + 1000).state;
    state = run(state, submit("red", "Wombat"), T0 + 2000).state;
    const { state: done, effects } = run(state, { type: "judged", roundNumber: 1, verdicts: { blue: true, red: false } });
    const round: RoundResult = {
      number: 1,
      question: question(1).question,
      category: "General",
      answer: "Quokka1",
      plays: {
        blue: { answer: "Quokka1", steal: false, correct: true, points: 1, overruled: false, lockedBy: { playerId: HOST, name: "Host", ms: 1000 } },
        red: { answer: "Wombat", steal: false, correct: false, points: 0, overruled: false, lockedBy: { playerId: pid(2), name: "P2", ms: 2000 } },
      },
      winner: "blue",
    };
    // What clients receive: the same round, one field per colour.
    const wire = {
      number: 1,
      question: question(1).question,
      category: "General",
      answer: "Quokka1",
      blueAnswer: "Quokka1",
      redAnswer: "Wombat",
      blueSteal: false,
      redSteal: false,
      blueCorrect: true,
      redCorrect: false,
      bluePointsGained: 1,
      redPointsGained: 0,
      winner: "blue",
      overruled: [],
      blueLockedBy: { playerId: HOST, name: "Host", ms: 1000 },
      redLockedBy: { playerId: pid(2), name: "P2", ms: 2000 },
    };
    expect(done.game!.phase).toBe("results");
    expect(done.game!.rounds).toEqual([round]);
    expect(done.game!.scores).toEqual({ blue: 1, red: 0 });
    const results = emitted(effects, "round-results");
    expect(results).toHaveLength(1);
    expect(results[0]!.to).toEqual({ kind: "room" });
    expect(results[0]!.payload).toEqual({ round: wire, scores: { blue: 1, red: 0 }, gameComplete: false, game: { rounds: [wire], currentRoundNumber: 1, totalRounds: 3 } });
  });

  test("a steal is shown as a steal with no answer text", () => {
    const { result } = playRound(game(3), { blue: "steal", red: "correct" });
    expect(result).toMatchObject({ plays: { blue: { steal: true, answer: null, correct: null, points: 2 }, red: { steal: false, answer: "right guess", correct: true, points: 0 } }, winner: "blue" });
  });

  test("judged is refused when no round is being judged", () => {
    expectRefused(startRound(game(3)).state, { type: "judged", roundNumber: 1, verdicts: {} }, "conflict");
    expectRefused(game(3), { type: "judged", roundNumber: 1, verdicts: {} }, "conflict");
  });

  test("the last round completes the game", () => {
    let state = game(2);
    state = playRound(state, { blue: "correct", red: "correct" }).state;
    expect(state.game!.phase).toBe("results");
    const last = playRound(state, { blue: "wrong", red: "correct" });
    expect(last.state.game!.phase).toBe("complete");
    expect(last.state.game!.scores).toEqual({ blue: 1, red: 2 });
    expect(last.state.game!.rounds).toHaveLength(2);
    expect(emitted(last.effects, "round-results")[0]!.payload).toMatchObject({ gameComplete: true, scores: { blue: 1, red: 2 } });
    expectRefused(last.state, { type: "startRound", by: HOST }, "conflict");
  });

  test("the game has no more rounds than questions", () => {
    const state = run(lobby(4), { type: "startGame", by: HOST, questions: questions(2) }).state;
    expect(state.game!.totalRounds).toBe(2);
  });
});

describe("a team emptied during a game", () => {
  test("ends the game: game-ended, no game, round timer cancelled", () => {
    let state = startRound(game(3)).state; // blue: host, p3; red: p2, p4
    state = run(state, { type: "leave", playerId: pid(4) }).state;
    expect(state.game).not.toBeNull();
    const { state: after, effects } = run(state, { type: "leave", playerId: pid(2) });
    expect(after.game).toBeNull();
    expect(ofType(effects, "cancel")).toContainEqual({ type: "cancel", key: ROUND_TIMER });
    expect(emitted(effects, "game-ended")[0]!.to).toEqual({ kind: "room" });
  });

  test("kicking the last player of a team ends it too", () => {
    const { state, effects } = run(game(3, { players: 3 }), { type: "kick", by: HOST, playerId: pid(2) }); // red had only p2
    expect(state.game).toBeNull();
    expect(emitted(effects, "game-ended")).toHaveLength(1);
    expect(state.players.map((p) => p.id)).toEqual([HOST, pid(3)]);
  });
});

describe("overrule", () => {
  const results = (moves: Parameters<typeof playRound>[1]) => playRound(game(3), moves).state;
  const overrule = (team: Team, correct: boolean, by = HOST, roundNumber = 1): Command => ({ type: "overrule", by, roundNumber, team, correct });

  test("is for the host only (403)", () => {
    expectRefused(results({ blue: "correct", red: "wrong" }), overrule("red", true, pid(2)), "forbidden");
  });

  test("recomputes the round's points, winner and the scores, and marks the team overruled", () => {
    const { state, effects } = run(results({ blue: "correct", red: "wrong" }), overrule("red", true));
    expect(state.game!.rounds[0]).toMatchObject({ plays: { blue: { points: 1, overruled: false }, red: { correct: true, points: 1, overruled: true } }, winner: "tie" });
    expect(state.game!.scores).toEqual({ blue: 1, red: 1 });
    expect(emitted(effects, "round-overruled")[0]!.payload).toMatchObject({ scores: { blue: 1, red: 1 } });
  });

  test("overruling an answer that was stolen from flips the steal's outcome", () => {
    const { state } = run(results({ blue: "steal", red: "correct" }), overrule("red", false));
    expect(state.game!.rounds[0]).toMatchObject({ plays: { blue: { points: 0, overruled: false }, red: { correct: false, points: 2, overruled: true } }, winner: "red" });
    expect(state.game!.scores).toEqual({ blue: 0, red: 2 });
  });

  test("only scores of the overruled round change", () => {
    let state = results({ blue: "correct", red: "correct" }); // 1-1
    state = playRound(state, { blue: "wrong", red: "correct" }).state; // 1-2
    state = run(state, overrule("blue", true, HOST, 2)).state;
    expect(state.game!.scores).toEqual({ blue: 2, red: 2 });
    expect(state.game!.rounds[0]).toMatchObject({ plays: { blue: { points: 1, overruled: false }, red: { points: 1, overruled: false } } });
  });

  test("a steal or a missing answer cannot be overruled (409)", () => {
    expectRefused(results({ blue: "steal", red: "correct" }), overrule("blue", true), "conflict");
    expectRefused(results({ blue: "none", red: "correct" }), overrule("blue", true), "conflict");
  });

  test("is refused with no such round, or while a round is open", () => {
    expectRefused(results({ blue: "correct", red: "wrong" }), overrule("red", true, HOST, 5), "notFound");
    expectRefused(startRound(results({ blue: "correct", red: "wrong" }), T0 + 90_000).state, overrule("red", true), "conflict");
  });
});

describe("returnToLobby", () => {
  test("is for the host only (403)", () => {
    expectRefused(game(3), { type: "returnToLobby", by: pid(2) }, "forbidden");
  });

  test("ends the game, stops the round timer and tells the room", () => {
    const { state, effects } = run(startRound(game(3)).state, { type: "returnToLobby", by: HOST });
    expect(state.game).toBeNull();
    expect(ofType(effects, "cancel")).toEqual([{ type: "cancel", key: ROUND_TIMER }]);
    expect(emitted(effects, "lobby-returned")[0]!.to).toEqual({ kind: "room" });
    // Teams are free again.
    run(state, { type: "teamSelect", playerId: pid(3), team: "red", isCaptain: false });
  });

  test("is refused without a game (409)", () => {
    expectRefused(lobby(4), { type: "returnToLobby", by: HOST }, "conflict");
  });
});

describe("hidden information before round-results", () => {
  const SECRET = question(1).answer;
  const BLUE_GUESS = "Bluewhale-guess";

  /** Every effect of a round in which blue types a guess and red steals, up to (not including) the results. */
  function roundUpToResults(): { effects: Effect[]; state: LobbyState } {
    const effects: Effect[] = [];
    let state = lobby(4);
    const step = (command: Command, now = T0 + 1000) => {
      const out = reduce(state, command, { now });
      if (!out.ok) throw new Error(out.message);
      state = out.state;
      effects.push(...out.effects);
    };
    step({ type: "startGame", by: HOST, questions: questions(3) }, T0);
    step({ type: "startRound", by: HOST }, T0);
    step(submit("blue", BLUE_GUESS));
    step({ type: "chat", playerId: pid(3), message: "room bluff", chatType: "game" });
    step({ type: "join", playerId: "late", name: "Latecomer" });
    step({ type: "presence", playerId: pid(4), connected: true });
    step(submit("red", "", true));
    return { effects, state };
  }

  const audienceOf = (e: Extract<Effect, { type: "emit" }>): Team | "room" | string => (e.to.kind === "room" ? "room" : e.to.kind === "team" ? e.to.team : e.to.playerId);

  test("no emit before results holds the correct answer (nor any answer of the game's questions)", () => {
    const { effects } = roundUpToResults();
    expect(emits(effects).length).toBeGreaterThan(0);
    for (const e of emits(effects)) {
      expect(JSON.stringify(e.payload)).not.toContain(SECRET);
      expect(JSON.stringify(e.payload)).not.toContain("Quokka");
    }
  });

  test("blue's answer reaches only blue, and red's steal only red", () => {
    const { effects } = roundUpToResults();
    for (const e of emits(effects)) {
      const json = JSON.stringify(e.payload);
      if (audienceOf(e) !== "blue") expect(json).not.toContain(BLUE_GUESS);
      if (audienceOf(e) !== "red") expect(json).not.toContain('"isSteal":true');
    }
  });

  test("the room-wide events carry no lock at all", () => {
    const { effects } = roundUpToResults();
    const room = emits(effects).filter((e) => e.to.kind === "room");
    expect(room.map((e) => e.event)).toEqual(expect.arrayContaining(["game-started", "round-started", "chat-message", "player-joined", "answer-processing-started"]));
    for (const e of room) {
      const json = JSON.stringify(e.payload);
      expect(json).not.toContain(SECRET);
      expect(json).not.toContain(BLUE_GUESS);
      expect(json).not.toContain("isSteal");
    }
  });

  test("round-results then reveals the answer and both plays", () => {
    const { state } = roundUpToResults();
    const { effects } = run(state, { type: "judged", roundNumber: 1, verdicts: { blue: false } });
    const payload = JSON.stringify(emitted(effects, "round-results")[0]!.payload);
    expect(payload).toContain(SECRET);
    expect(payload).toContain(BLUE_GUESS);
    expect(emitted(effects, "round-results")[0]!.payload).toMatchObject({ round: { redSteal: true, blueAnswer: BLUE_GUESS, bluePointsGained: 2, redPointsGained: 0 } });
  });
});
