// Random Duels of 2-16 players through reduce() (docs/rules.md "Duels"): the circle never pairs two
// players twice before everyone has met, byes rotate, a round's points are the Teams table within each
// pair, and no lock reaches anyone but its player before results.
import { describe, expect, test } from "bun:test";
import fc from "fast-check";
import type { Effect } from "../../../src/game/effects";
import { reduce } from "../../../src/game/reduce";
import { circlePairs } from "../../../src/game/duels/pairing";
import type { LobbyState } from "../../../src/game/types";
import { lobbyView, playerSnapshot, watcherSnapshot } from "../../../src/game/views";
import { HOST, run, T0 } from "../../support/builders";
import { duelGame, duellists } from "../../support/duels";

const key = (a: string, b: string) => [a, b].sort().join("|");

describe("the circle", () => {
  test("every round seats everyone once; no pair meets twice before everyone has met; with an odd count each player has one bye", () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 16 }), (n) => {
        const roster = duellists(n);
        const cycle = n % 2 === 0 ? n - 1 : n;
        const met = new Set<string>();
        const byes: string[] = [];
        for (let r = 0; r < cycle; r++) {
          const pairs = circlePairs(roster, r);
          expect(pairs.flatMap((p) => [p.a, p.b]).filter((id) => id !== null).sort()).toEqual([...roster].sort());
          for (const { a, b } of pairs) {
            if (b === null) byes.push(a);
            else {
              expect(met.has(key(a, b))).toBe(false);
              met.add(key(a, b));
            }
          }
        }
        expect(met.size).toBe((n * (n - 1)) / 2);
        expect(byes.sort()).toEqual(n % 2 === 0 ? [] : [...roster].sort());
      }),
      { numRuns: 200 },
    );
  });
});

/** The Teams table of docs/rules.md "Scoring", written out: what A gains given A's and B's plays. */
type Kind = "right" | "wrong" | "steal" | "none";
const TABLE: Record<Kind, Record<Kind, number>> = {
  right: { right: 1, wrong: 1, none: 1, steal: 0 },
  wrong: { right: 0, wrong: 0, none: 0, steal: 2 },
  none: { right: 0, wrong: 0, none: 0, steal: 2 },
  steal: { right: 2, wrong: 0, none: 0, steal: 0 },
};

/** Everything a player (or the room, or the TV) may be told, as text. */
function heardBy(effects: Effect[], playerId: string | null): string {
  return effects
    .filter((e): e is Extract<Effect, { type: "emit" }> => e.type === "emit")
    .filter((e) => e.to.kind === "room" || (e.to.kind === "player" && e.to.playerId === playerId))
    .map((e) => JSON.stringify(e.payload))
    .join("\n");
}

describe("random Duels of 2-16 players", () => {
  test("points are the Teams table per pair, standings sum them, and no lock reaches another player before results", () => {
    const plays = fc.array(fc.constantFrom<Kind>("right", "wrong", "steal", "none"), { minLength: 16, maxLength: 16 });
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 16 }), fc.integer({ min: 1, max: 4 }), fc.array(plays, { minLength: 4, maxLength: 4 }), (n, rounds, table) => {
        let state: LobbyState = duelGame(n, rounds);
        const totals = new Map<string, number>(duellists(n).map((id) => [id, 0]));
        for (let r = 1; r <= rounds; r++) {
          state = run(state, { type: "startRound", by: HOST }, T0).state;
          const pairs = state.game!.currentRound!.pairs!;
          const kinds = new Map<string, Kind>();
          const byes = new Set(pairs.filter((p) => p.b === null).map((p) => p.a));
          duellists(n).forEach((id, i) => kinds.set(id, byes.has(id) && table[r - 1]![i] === "steal" ? "none" : table[r - 1]![i]!));
          const secret = (id: string) => `zqx ${id} r${r}`;
          for (const id of duellists(n)) {
            const kind = kinds.get(id)!;
            if (kind === "none" || state.game!.phase !== "question") continue;
            const outcome = reduce(state, { type: "submit", playerId: id, roundNumber: r, answer: secret(id), isSteal: kind === "steal" }, { now: T0 + 1 });
            if (!outcome.ok) throw new Error(outcome.message);
            state = outcome.state;
            // Before results: only the locker hears their answer; the room's views hold no one's.
            for (const other of duellists(n)) {
              if (other === id) continue;
              expect(heardBy(outcome.effects, other)).not.toContain(secret(id));
              expect(JSON.stringify(playerSnapshot(state, other))).not.toContain(secret(id));
            }
            expect(JSON.stringify(watcherSnapshot(state))).not.toContain(secret(id));
            expect(JSON.stringify(lobbyView(state))).not.toContain(` r${r}"`);
          }
          if (state.game!.phase === "question") state = run(state, { type: "timeUp", roundNumber: r }).state;
          const verdicts = Object.fromEntries(duellists(n).map((id) => [id, kinds.get(id) === "right"]));
          state = run(state, { type: "judged", roundNumber: r, verdicts }).state;
          for (const duel of state.game!.rounds.at(-1)!.duels!) {
            const a = kinds.get(duel.a.playerId)!;
            const b = duel.b ? kinds.get(duel.b.playerId)! : "none";
            expect(duel.a.points).toBe(TABLE[a][b]);
            if (duel.b) expect(duel.b.points).toBe(TABLE[b][a]);
            totals.set(duel.a.playerId, totals.get(duel.a.playerId)! + duel.a.points);
            if (duel.b) totals.set(duel.b.playerId, totals.get(duel.b.playerId)! + duel.b.points);
          }
        }
        const standings = lobbyView(state).gameState!.standings!;
        expect(new Map(standings.map((s) => [s.playerId, s.points]))).toEqual(totals);
        for (let i = 1; i < standings.length; i++) {
          const [x, y] = [standings[i - 1]!, standings[i]!];
          expect(x.points > y.points || (x.points === y.points && x.steals >= y.steals)).toBe(true);
        }
      }),
      { numRuns: 150 },
    );
  });

  test("the pairings of a whole Duel played through reduce() never repeat before everyone has met, and byes rotate", () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 16 }), (n) => {
        const rounds = Math.min(n % 2 === 0 ? n - 1 : n, 20);
        let state = duelGame(n, rounds);
        const met = new Set<string>();
        const byes = new Set<string>();
        for (let r = 1; r <= rounds; r++) {
          state = run(state, { type: "startRound", by: HOST }).state;
          for (const { a, b } of state.game!.currentRound!.pairs!) {
            const k = b === null ? a : key(a, b);
            const seen = b === null ? byes : met;
            expect(seen.has(k)).toBe(false);
            seen.add(k);
          }
          state = run(state, { type: "timeUp", roundNumber: r }).state;
          state = run(state, { type: "judged", roundNumber: r, verdicts: {} }).state;
        }
        expect(met.size).toBe((n * (n - 1)) / 2);
      }),
      { numRuns: 60 },
    );
  });
});
