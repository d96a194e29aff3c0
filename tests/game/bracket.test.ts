import { describe, expect, test } from "bun:test";
import fc from "fast-check";
import { bracketSize, champion, currentRound, decideMatch, liveMatches, roundName, seedBracket, standingOf } from "../../src/game/tournament/bracket";
import type { Bracket } from "../../src/game/tournament/bracket-schema";
import { freshScore, inSuddenDeath, matchWinner, scoreQuestion } from "../../src/game/tournament/match-score";

const names = (n: number) => Array.from({ length: n }, (_, i) => `p${i + 1}`);

/** Plays a match question by question with the gains given, as many as it takes (sudden death included). */
function playMatch(gains: readonly [number, number][]): { winner: "a" | "b" | null; questions: number } {
  let score = freshScore();
  for (const [a, b] of gains) {
    score = scoreQuestion(score, a, b);
    const winner = matchWinner(score);
    if (winner) return { winner, questions: score.questions };
  }
  return { winner: null, questions: score.questions };
}

/** Plays a whole tournament: each live match's winner drawn by `pick`. */
function playOut(bracket: Bracket, pick: (a: string, b: string) => string): { final: Bracket; eliminated: Map<string, number> } {
  const eliminated = new Map<string, number>();
  let b = bracket;
  for (let round = currentRound(b); round !== -1; round = currentRound(b)) {
    const live = liveMatches(b, round);
    // A round with matches left but none playable is a broken bracket, not a loop to spin in.
    expect(live.length).toBeGreaterThan(0);
    for (const i of live) {
      const m = b.rounds[round]![i]!;
      const w = pick(m.a!, m.b!);
      eliminated.set(w === m.a ? m.b! : m.a!, round);
      b = decideMatch(b, round, i, w)!;
    }
  }
  return { final: b, eliminated };
}

const players = fc.integer({ min: 3, max: 16 }).chain((n) => fc.shuffledSubarray(names(16), { minLength: n, maxLength: n }));

describe("the bracket", () => {
  test("is a valid single-elimination tree with byes only in the first round, and one champion", () => {
    fc.assert(
      fc.property(players, fc.infiniteStream(fc.boolean()), (order, coins) => {
        const seeded = seedBracket(order);
        const size = bracketSize(order.length);
        expect(size).toBeGreaterThanOrEqual(order.length);
        expect(size / 2).toBeLessThan(order.length);
        expect(seeded.rounds.map((r) => r.length)).toEqual(Array.from({ length: Math.log2(size) }, (_, r) => size / 2 ** (r + 1)));
        // Every player once in the first round; byes there only, never two in one match.
        const first = seeded.rounds[0]!.flatMap((m) => [m.a, m.b]);
        expect(first.filter((p) => p !== null).sort()).toEqual([...order].sort());
        expect(seeded.rounds[0]!.every((m) => m.a !== null)).toBe(true);
        expect(first.filter((p) => p === null)).toHaveLength(size - order.length);
        const it = coins[Symbol.iterator]();
        const { final, eliminated } = playOut(seeded, (a, b) => (it.next().value ? a : b));
        for (let r = 1; r < final.rounds.length; r++) {
          final.rounds[r]!.forEach((m, i) => {
            expect(m.a).toBe(final.rounds[r - 1]![2 * i]!.winner);
            expect(m.b).toBe(final.rounds[r - 1]![2 * i + 1]!.winner);
            expect(m.a === null || m.b === null).toBe(false);
          });
        }
        for (const round of final.rounds) for (const m of round) expect([m.a, m.b]).toContain(m.winner);
        expect(order).toContain(champion(final)!);
        expect(eliminated.size).toBe(order.length - 1);
        // A player out never plays again.
        for (const [p, outIn] of eliminated) {
          for (let r = outIn + 1; r < final.rounds.length; r++) expect(final.rounds[r]!.some((m) => m.a === p || m.b === p)).toBe(false);
          expect(standingOf(final, p)).toEqual(expect.objectContaining({ round: outIn, out: true }));
        }
        expect(standingOf(final, champion(final)!)).toEqual({ round: final.rounds.length - 1, index: 0, out: false });
      }),
      { numRuns: 300 },
    );
  });

  test("six players: two byes, given to players who then meet someone who played", () => {
    const b = seedBracket(names(6));
    expect(b.rounds[0]).toEqual([
      { a: "p1", b: null, winner: "p1" },
      { a: "p2", b: "p3", winner: null },
      { a: "p4", b: null, winner: "p4" },
      { a: "p5", b: "p6", winner: null },
    ]);
    expect(b.rounds[1]).toEqual([
      { a: "p1", b: null, winner: null },
      { a: "p4", b: null, winner: null },
    ]);
    expect(liveMatches(b, 0)).toEqual([1, 3]);
    expect(currentRound(b)).toBe(0);
  });

  test("a match can be decided only once, and only for one of its two players", () => {
    const b = seedBracket(names(4));
    expect(decideMatch(b, 0, 0, "p3")).toBeUndefined();
    const once = decideMatch(b, 0, 0, "p2")!;
    expect(decideMatch(once, 0, 0, "p1")).toBeUndefined();
    expect(decideMatch(once, 1, 0, "p2")).toBeUndefined(); // the final waits for its other side
    expect(decideMatch(b, 5, 0, "p1")).toBeUndefined();
  });

  test("rounds are named from the final back", () => {
    expect([0, 1, 2, 3].map((r) => roundName(4, r))).toEqual(["Round of 16", "Quarter-final", "Semi-final", "Final"]);
    expect(roundName(2, 0)).toBe("Semi-final");
  });
});

describe("a best-of-three match", () => {
  test("ends with one winner, however the questions go (sudden death included)", () => {
    const gain = fc.constantFrom(0, 1, 2);
    fc.assert(
      fc.property(fc.array(fc.tuple(gain, gain), { minLength: 3, maxLength: 12 }), fc.tuple(gain, gain).filter(([a, b]) => a !== b), (level, decisive) => {
        const { winner, questions } = playMatch([...level, decisive]);
        expect(winner).not.toBeNull();
        expect(questions).toBeGreaterThanOrEqual(2);
      }),
    );
  });

  test("two questions won end it; three with one ahead end it; level after three is sudden death", () => {
    expect(playMatch([[1, 0], [2, 0]])).toEqual({ winner: "a", questions: 2 });
    expect(playMatch([[0, 1], [0, 0], [0, 0]])).toEqual({ winner: "b", questions: 3 });
    let s = freshScore();
    for (const [a, b] of [[1, 0], [0, 2], [1, 1]] as const) s = scoreQuestion(s, a, b);
    expect(matchWinner(s)).toBeNull();
    expect(inSuddenDeath(s)).toBe(true);
    expect(matchWinner(scoreQuestion(s, 0, 1))).toBe("b");
    expect(inSuddenDeath(freshScore())).toBe(false);
  });
});
