// Random tournaments of 3-16 players played through reduce() (docs/rules.md "Tournament"): the bracket
// stays a valid single-elimination tree with byes only in its first round, every match ends with one
// winner (sudden death included), a player out never plays again and their lock is refused (409)
// with nothing changed, and the game ends with the champion.
import { describe, expect, test } from "bun:test";
import fc from "fast-check";
import { reduce } from "../../src/game/reduce";
import { champion } from "../../src/game/tournament/bracket";
import { questionsFor } from "../../src/game/tournament/tournament-rules";
import type { LobbyState } from "../../src/game/types";
import { lobbyView } from "../../src/game/views";
import { expectRefused, HOST, run, T0 } from "../support/builders";
import { duellists } from "../support/duels";
import { tournamentGame } from "../support/tournament";

type Kind = "right" | "wrong" | "steal" | "none";
const kinds = fc.constantFrom<Kind>("right", "wrong", "steal", "none");

/** One question of the tournament: every live player plays their kind, then the judge rules. */
function playQuestion(state: LobbyState, play: (id: string) => Kind): LobbyState {
  state = run(state, { type: "startRound", by: HOST }).state;
  const r = state.game!.currentRoundNumber;
  for (const id of state.game!.currentRound!.pairs!.flatMap((p) => [p.a, p.b!])) {
    const kind = play(id);
    if (kind === "none" || state.game!.phase !== "question") continue;
    state = run(state, { type: "submit", playerId: id, roundNumber: r, answer: `a ${id}`, isSteal: kind === "steal" }, T0 + 1).state;
  }
  if (state.game!.phase === "question") state = run(state, { type: "timeUp", roundNumber: r }).state;
  const verdicts = Object.fromEntries(duellists(16).map((id) => [id, play(id) === "right"]));
  return run(state, { type: "judged", roundNumber: r, verdicts }).state;
}

describe("random tournaments of 3-16 players through reduce()", () => {
  test("a valid tree, byes only in round one, one winner a match (sudden death too), the out never play again, and a champion", () => {
    let suddenDeaths = 0;
    fc.assert(
      fc.property(fc.integer({ min: 3, max: 16 }), fc.infiniteStream(kinds), fc.integer({ min: 0, max: 1000 }), (n, stream, seed) => {
        const order = [...duellists(n)].sort((a, b) => ((a.charCodeAt(a.length - 1) * seed) % 17) - ((b.charCodeAt(b.length - 1) * seed) % 17));
        let state = tournamentGame(n, order);
        const iterator = stream[Symbol.iterator]();
        const out = new Set<string>();
        let suddenDeath = false;
        while (state.game!.phase !== "complete") {
          const plays = new Map<string, Kind>();
          state = playQuestion(state, (id) => {
            if (!plays.has(id)) plays.set(id, iterator.next().value as Kind);
            return plays.get(id)!;
          });
          const pairs = state.game!.rounds.at(-1)!.duels!;
          for (const d of pairs) {
            expect(out.has(d.a.playerId)).toBe(false);
            expect(out.has(d.b!.playerId)).toBe(false);
          }
          const bracket = state.game!.bracket!;
          for (const round of bracket.rounds) {
            for (const m of round) {
              if (m.winner !== null && m.a !== null && m.b !== null) out.add(m.winner === m.a ? m.b : m.a);
              if ((m.score?.questions ?? 0) > 3) suddenDeath = true;
            }
          }
          // An out player's lock is refused and changes nothing.
          const loser = [...out][0];
          if (loser && state.game!.phase === "results") {
            const open = run(state, { type: "startRound", by: HOST }).state;
            expectRefused(open, { type: "submit", playerId: loser, roundNumber: open.game!.currentRoundNumber, answer: "me", isSteal: false }, "conflict");
          }
        }
        const bracket = state.game!.bracket!;
        const size = 2 ** bracket.rounds.length;
        expect(size).toBeGreaterThanOrEqual(n);
        expect(size / 2).toBeLessThan(n);
        bracket.rounds.forEach((round, r) => {
          expect(round).toHaveLength(size / 2 ** (r + 1));
          round.forEach((m, i) => {
            // Byes only in the first round; a match has one winner, one of its sides.
            if (r > 0) expect(m.a !== null && m.b !== null).toBe(true);
            expect(m.a).not.toBeNull();
            expect(m.winner === m.a || m.winner === m.b).toBe(true);
            // The winner goes on to the next round's match, in its slot.
            const up = bracket.rounds[r + 1]?.[Math.floor(i / 2)];
            if (up) expect(i % 2 === 0 ? up.a : up.b).toBe(m.winner);
            // A match played to its end: won by two questions, or ahead after three, or in sudden death.
            if (m.b !== null && m.score && state.game!.rounds.length < state.game!.questions.length) {
              const { a, b, questions } = m.score;
              expect(a !== b).toBe(true);
              expect(Math.max(a, b) >= 2 || questions >= 3).toBe(true);
            }
          });
        });
        // Everyone drawn exactly once in round one; all but the champion out once.
        expect(bracket.rounds[0]!.flatMap((m) => [m.a, m.b]).filter((x) => x !== null).sort()).toEqual([...duellists(n)].sort());
        expect(out.size).toBe(n - 1);
        expect(out.has(champion(bracket)!)).toBe(false);
        expect(lobbyView(state).gameState!.bracket!.rounds).toEqual(bracket.rounds);
        if (suddenDeath) suddenDeaths++;
      }),
      { numRuns: 120 },
    );
    // The random plays reach sudden death often: the property covered it.
    expect(suddenDeaths).toBeGreaterThan(10);
  });

  test("sudden death: level after three questions, the fourth decides", () => {
    let state = tournamentGame(3, ["p3", HOST, "p2"]);
    // Three players: p3 on a bye (the first match), host vs p2. Both right three times: level at 0-0.
    for (let q = 0; q < 3; q++) state = playQuestion(state, () => "right");
    const match = () => state.game!.bracket!.rounds[0]![1]!;
    expect(match()).toMatchObject({ a: HOST, b: "p2", winner: null, score: { a: 0, b: 0, questions: 3 } });
    state = playQuestion(state, (id) => (id === "p2" ? "right" : "wrong"));
    expect(match()).toMatchObject({ winner: "p2", score: { a: 0, b: 1, questions: 4 } });
    expect(state.game!.bracket!.rounds[1]![0]).toMatchObject({ a: "p3", b: "p2", winner: null });
  });

  test("questions run out: a level match goes to the side ahead, else the earlier drawn, and the game still has its champion", () => {
    let state = tournamentGame(3, ["p3", HOST, "p2"], 4);
    while (state.game!.phase !== "complete") state = playQuestion(state, () => "wrong");
    expect(state.game!.rounds).toHaveLength(4);
    // host beat p2 (level, side a); the final is p3 (the bye, side a) vs host, level: p3.
    expect(champion(state.game!.bracket!)).toBe("p3");
  });

  test("a player who leaves gives their opponent a walkover; the tree stays whole", () => {
    let state = tournamentGame(4, [HOST, "p2", "p3", "p4"]);
    state = run(state, { type: "leave", playerId: "p4" }).state;
    state = run(state, { type: "startRound", by: HOST }).state;
    expect(state.game!.currentRound!.pairs).toEqual([{ a: HOST, b: "p2" }]);
    expect(state.game!.bracket!.rounds[0]![1]).toMatchObject({ a: "p3", b: "p4", winner: "p3" });
  });

  test("walkovers that crown the champion end the game instead of refusing the next question", () => {
    let state = tournamentGame(3, ["p3", HOST, "p2"]);
    // p3 has the bye; host beats p2 2-0; then p3, the host's opponent in the final, leaves.
    for (let q = 0; q < 2; q++) state = playQuestion(state, (id) => (id === HOST ? "right" : "wrong"));
    expect(state.game!.bracket!.rounds[1]![0]).toMatchObject({ a: "p3", b: HOST, winner: null });
    state = run(state, { type: "leave", playerId: "p3" }).state;
    const { state: ended, effects } = run(state, { type: "startRound", by: HOST });
    expect(ended.game!.phase).toBe("complete");
    expect(champion(ended.game!.bracket!)).toBe(HOST);
    expect(ended.game!.rounds).toHaveLength(2);
    expect(JSON.stringify(effects)).toContain("every opponent left");
  });

  test("a latecomer, a player through and a match not theirs are refused (409), nothing changed", () => {
    let state = tournamentGame(3, ["p3", HOST, "p2"]);
    state = run(state, { type: "join", playerId: "p9", name: "Late" }).state;
    state = run(state, { type: "startRound", by: HOST }).state;
    const submit = (playerId: string, match?: number) => ({ type: "submit" as const, playerId, roundNumber: 1, answer: "x", isSteal: false, match });
    expect(expectRefused(state, submit("p9"), "conflict").message).toContain("not in the bracket");
    expect(expectRefused(state, submit("p3"), "conflict").message).toContain("through");
    expect(expectRefused(state, submit(HOST, 0), "conflict").message).toContain("not yours");
    expect(reduce(state, submit(HOST, 1), { now: T0 + 1 }).ok).toBe(true);
  });

  test("a tournament asks until its champion, not the rounds setting; it needs 3-16 players", () => {
    expect(questionsFor(3)).toBe(10);
    expect(questionsFor(16)).toBe(20);
    expect(tournamentGame(5, duellists(5)).game!.totalRounds).toBe(questionsFor(5));
  });
});

describe("the host's controls act on every match", () => {
  test("a skipped question keeps the matches' pairs and drops their locks; a pause stops every lock", () => {
    let state = tournamentGame(4, [HOST, "p2", "p3", "p4"]);
    state = run(state, { type: "startRound", by: HOST }).state;
    state = run(state, { type: "submit", playerId: HOST, roundNumber: 1, answer: "first", isSteal: false }, T0 + 1).state;
    const pairs = state.game!.currentRound!.pairs;
    state = run(state, { type: "skipQuestion", by: HOST, roundNumber: 1, question: { question: "Another question?", answer: "Yes", aliases: [], category: "General" } }, T0 + 2).state;
    expect(state.game!.currentRound!.pairs).toEqual(pairs);
    expect(state.game!.currentRound!.playerLocks).toEqual({});
    state = run(state, { type: "pause", by: HOST, paused: true }, T0 + 3).state;
    expectRefused(state, { type: "submit", playerId: "p3", roundNumber: 1, answer: "x", isSteal: false }, "conflict", T0 + 4);
    state = run(state, { type: "pause", by: HOST, paused: false }, T0 + 5).state;
    expect(reduce(state, { type: "submit", playerId: HOST, roundNumber: 1, answer: "again", isSteal: false }, { now: T0 + 6 }).ok).toBe(true);
  });
});

describe("the host's overrule in a tournament", () => {
  test("the last question's ruling replays its match from before it: a match it decided is undecided; an older question is 409", () => {
    let state = tournamentGame(3, ["p3", HOST, "p2"]);
    const decide = (s: LobbyState, hostRight: boolean) => playQuestion(s, (id) => (id === HOST ? (hostRight ? "right" : "wrong") : "wrong"));
    state = decide(state, true);
    state = decide(state, true);
    const match = () => state.game!.bracket!.rounds[0]![1]!;
    expect(match()).toMatchObject({ winner: HOST, score: { a: 2, b: 0, questions: 2 } });
    expect(state.game!.bracket!.rounds[1]![0]).toMatchObject({ a: "p3", b: HOST });
    expectRefused(state, { type: "overrule", by: HOST, roundNumber: 1, playerId: HOST, correct: false }, "conflict");
    state = run(state, { type: "overrule", by: HOST, roundNumber: 2, playerId: HOST, correct: false }).state;
    expect(match()).toMatchObject({ winner: null, score: { a: 1, b: 0, questions: 2 } });
    expect(state.game!.bracket!.rounds[1]![0]).toMatchObject({ a: "p3", b: null });
    expect(state.game!.phase).toBe("results");
  });
});
