// A single-elimination bracket (docs/rules.md "Tournament"): seeded from an order the service drew
// (randomness arrives in commands, docs/architecture.md "The data flow"), filled up to a power of two
// with byes, and advanced one decided match at a time. Pure data in, new data out.
import type { Bracket, BracketMatch } from "./bracket-schema";

/** The smallest power of two that holds `players` entrants (at least 2). */
export const bracketSize = (players: number): number => 2 ** Math.max(1, Math.ceil(Math.log2(Math.max(players, 2))));

/**
 * Which first-round matches get a bye: every other match first (0, 2, 4, ...), then the rest, so the
 * players given a bye meet someone who played, not each other, in the second round. A bye never
 * faces a bye: there are fewer byes than matches whenever there are more than half as many
 * players as places, which `bracketSize` guarantees.
 */
function byeSlots(matches: number, byes: number): Set<number> {
  const order = [...Array.from({ length: matches }, (_, i) => i).filter((i) => i % 2 === 0), ...Array.from({ length: matches }, (_, i) => i).filter((i) => i % 2 === 1)];
  return new Set(order.slice(0, byes));
}

/** The bracket for players in the order drawn: the first round filled, the later ones empty. */
export function seedBracket(order: readonly string[]): Bracket {
  const size = bracketSize(order.length);
  const firstMatches = size / 2;
  const byes = byeSlots(firstMatches, size - order.length);
  const queue = [...order];
  const first: BracketMatch[] = [];
  for (let i = 0; i < firstMatches; i++) {
    const a = queue.shift()!;
    const b = byes.has(i) ? null : queue.shift()!;
    first.push({ a, b, winner: b === null ? a : null });
  }
  const rounds: BracketMatch[][] = [first];
  for (let n = firstMatches / 2; n >= 1; n /= 2) rounds.push(Array.from({ length: n }, () => ({ a: null, b: null, winner: null })));
  return advanceByes({ rounds });
}

/** Winners already known (the byes) take their places in the next round. */
function advanceByes(bracket: Bracket): Bracket {
  let next = bracket;
  bracket.rounds[0]!.forEach((m, i) => {
    if (m.winner !== null) next = placeWinner(next, 0, i, m.winner);
  });
  return next;
}

function placeWinner(bracket: Bracket, round: number, index: number, winner: string): Bracket {
  if (round + 1 >= bracket.rounds.length) return bracket;
  const slot = index % 2 === 0 ? "a" : "b";
  const rounds = bracket.rounds.map((r, ri) => (ri === round + 1 ? r.map((m, mi) => (mi === Math.floor(index / 2) ? { ...m, [slot]: winner } : m)) : r));
  return { rounds };
}

/** The bracket with one match decided and its winner moved on; undefined if that match cannot be decided so. */
export function decideMatch(bracket: Bracket, round: number, index: number, winner: string): Bracket | undefined {
  const match = bracket.rounds[round]?.[index];
  if (!match || match.winner !== null || match.a === null || match.b === null) return undefined;
  if (winner !== match.a && winner !== match.b) return undefined;
  const rounds = bracket.rounds.map((r, ri) => (ri === round ? r.map((m, mi) => (mi === index ? { ...m, winner } : m)) : r));
  return placeWinner({ rounds }, round, index, winner);
}

/** The first round with a match still to play, or -1 when the bracket has its champion. */
export function currentRound(bracket: Bracket): number {
  return bracket.rounds.findIndex((r) => r.some((m) => m.winner === null));
}

/** The matches of a bracket round that are still being played (both sides known, no winner yet). */
export function liveMatches(bracket: Bracket, round: number): number[] {
  return (bracket.rounds[round] ?? []).flatMap((m, i) => (m.winner === null && m.a !== null && m.b !== null ? [i] : []));
}

export const champion = (bracket: Bracket): string | null => bracket.rounds.at(-1)?.[0]?.winner ?? null;

/** Where a player is: the match they play in the current round, or the round they went out in. */
export function standingOf(bracket: Bracket, playerId: string): { round: number; index: number; out: boolean } | undefined {
  for (let round = 0; round < bracket.rounds.length; round++) {
    const index = bracket.rounds[round]!.findIndex((m) => m.a === playerId || m.b === playerId);
    if (index === -1) continue;
    const match = bracket.rounds[round]![index]!;
    if (match.winner !== null && match.winner !== playerId) return { round, index, out: true };
    const later = bracket.rounds[round + 1]?.some((m) => m.a === playerId || m.b === playerId);
    if (!later) return { round, index, out: false };
  }
  return undefined;
}

/** A bracket round's name as players say it: counted back from the final. */
export function roundName(rounds: number, round: number): string {
  const fromEnd = rounds - 1 - round;
  if (fromEnd === 0) return "Final";
  if (fromEnd === 1) return "Semi-final";
  if (fromEnd === 2) return "Quarter-final";
  return `Round of ${2 ** (fromEnd + 1)}`;
}
