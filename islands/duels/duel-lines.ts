// A Duel's words: who faces whom, and why a player got their points (the same reason lines as Teams',
// islands/game/reason.ts, with players as the sides).
import type { DuelResult, SidePlay } from "../../src/game/types";
import type { LobbyView, PairView } from "../../src/game/views";
import { sidesReason } from "../game/reason";
import { totalRounds } from "../game/shared";

/** "Round 2/7"; a Tournament asks until its champion, so it counts questions, with no total. */
export const roundBadge = (lobby: LobbyView | null, n: number, of = "/") => (lobby?.mode === "tournament" ? `Question ${n}` : `Round ${n}${of}${totalRounds(lobby)}`);

/** A player's name as the lobby knows it now, else as the round recorded it. */
export const nameOf = (lobby: LobbyView | null, id: string | null, recorded = "someone") => (id === null ? "" : (lobby?.players?.find((p) => p.id === id)?.name ?? recorded));

/** The pairing `playerId` is in this round, and their opponent; undefined when they play none (a latecomer). */
export function myPair(pairs: PairView[] | undefined, playerId: string | null): { pair: PairView; opponent: string | null; opponentLocked: boolean } | undefined {
  const pair = pairs?.find((p) => p.a === playerId || p.b === playerId);
  if (!pair) return undefined;
  return pair.a === playerId ? { pair, opponent: pair.b, opponentLocked: pair.bLocked } : { pair, opponent: pair.a, opponentLocked: pair.aLocked };
}

/** A judged duel seen from one of its players: theirs first. */
export function sidesOf(duel: DuelResult, playerId: string): [SidePlay, SidePlay | null] {
  return duel.b?.playerId === playerId ? [duel.b, duel.a] : [duel.a, duel.b];
}

/** Why `mine` got their points against `theirs` (null: a bye). */
export const duelReason = (mine: SidePlay, theirs: SidePlay | null) => sidesReason(mine, theirs, "Both stole: no points");

/** What a side did, as a card shows it. */
export const playText = (side: SidePlay) => (side.steal ? "STEAL" : (side.answer ?? "No Answer Submitted"));
