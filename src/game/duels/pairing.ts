// Who plays whom in a Duel (docs/rules.md "Duels"): the circle method of round-robin scheduling. The
// players sit in a circle in the order they joined; with an odd count an empty seat (the bye) is
// added. The bye's seat stays fixed and every other seat turns one place a round, so in n - 1 rounds
// (n the seats) every two players meet exactly once, and with an odd count every player has exactly
// one bye. The circle is kept in the game (`circle`); when the players change (a latecomer, someone
// leaving) a new circle starts at the next round with everyone then seated.
import type { GameState, Pairing } from "../types";

/** The pairings of round `index` (from 0) of the circle over `roster`; a bye pairs a player with null. */
export function circlePairs(roster: readonly string[], index: number): Pairing[] {
  const seats: (string | null)[] = roster.length % 2 === 0 ? [...roster] : [null, ...roster];
  const n = seats.length;
  if (n < 2) return roster.map((a) => ({ a, b: null }));
  const turning = seats.slice(1);
  const shift = index % turning.length;
  const turned = [seats[0]!, ...turning.slice(turning.length - shift), ...turning.slice(0, turning.length - shift)];
  const pairs: Pairing[] = [];
  for (let i = 0; i < n / 2; i++) {
    const [a, b] = [turned[i]!, turned[n - 1 - i]!];
    // The player facing the empty seat has the bye; they are always the pairing's `a`.
    if (a === null || b === null) pairs.push({ a: (a ?? b)!, b: null });
    else pairs.push({ a, b });
  }
  // The bye last, so phones and the TV list the duels first.
  return [...pairs.filter((p) => p.b !== null), ...pairs.filter((p) => p.b === null)];
}

const sameRoster = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((id, i) => id === b[i]);

/**
 * The circle for round `number` given who plays it (in joining order): the game's own while the same
 * players are seated, else a new one starting with this round.
 */
export function circleFor(game: Pick<GameState, "circle">, players: readonly string[], number: number): NonNullable<GameState["circle"]> {
  const kept = game.circle;
  return kept && sameRoster(kept.roster, players) ? kept : { roster: [...players], from: number };
}

/** The pairings of round `number` in `circle`. */
export const pairsOf = (circle: NonNullable<GameState["circle"]>, number: number) => circlePairs(circle.roster, number - circle.from);

/** The pairing `playerId` is in, and their opponent's id (null on a bye); undefined when they play no duel this round. */
export function opponentOf(pairs: readonly Pairing[], playerId: string): { pair: Pairing; opponent: string | null } | undefined {
  for (const pair of pairs) {
    if (pair.a === playerId) return { pair, opponent: pair.b };
    if (pair.b === playerId) return { pair, opponent: pair.a };
  }
  return undefined;
}
