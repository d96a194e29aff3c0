// Duels (docs/rules.md "Duels"): the round rules of round-rules.ts with sides that are players, paired
// by the circle (pairing.ts). What differs from Teams is only what a side is and who faces whom: the
// round's flow (start, deadline, judging, results, overrule) is round-rules.ts's, the scoring is
// the Teams table (scoring.ts) within each pairing. Tournament builds on the same sides and pairings.
import { refuse, type Refusal } from "../commands";
import { toPlayer, toRoom, type Effect } from "../effects";
import { gain, moveOf, type Play } from "../scoring";
import type { CurrentRound, DuelResult, GameState, Lock, LobbyState, Pairing, Player, RoundResult, SidePlay } from "../types";
import { findPlayer } from "../views";
import { circleFor, opponentOf, pairsOf } from "./pairing";

export const DUEL_MIN = 2;
export const DUEL_MAX = 16;
export const BYE_NO_STEAL = "You have no opponent this round (a bye): answer, you cannot steal";
export const NO_TEAMS = "A Duel has no teams: everyone plays for themself";

/** Why a Duel cannot start with these players yet; null when it can. */
export const duelWaits = (lobby: { players?: readonly unknown[] }): string | null => ((lobby.players?.length ?? 0) < DUEL_MIN ? `A Duel needs at least ${DUEL_MIN} players` : null);

/** What a new round of a Duel adds: the circle it turns (to the game) and its pairings (to the round). */
export function duelRound(state: LobbyState, game: GameState, number: number): { circle: NonNullable<GameState["circle"]>; pairs: Pairing[] } {
  const circle = circleFor(game, state.players.map((p) => p.id), number);
  return { circle, pairs: pairsOf(circle, number) };
}

/**
 * Where `player`'s lock goes in a paired round: refused when they are in no pairing (they joined during
 * it) or steal on a bye. Else null.
 */
export function duelLockRefusal(round: CurrentRound, player: Player, isSteal: boolean): Refusal | null {
  const seat = opponentOf(round.pairs ?? [], player.id);
  if (!seat) return refuse("forbidden", "You play from the next round");
  if (isSteal && seat.opponent === null) return refuse("conflict", BYE_NO_STEAL);
  const first = round.playerLocks?.[player.id];
  if (first) return refuse("conflict", first.isSteal ? "You already chose to steal" : `You already locked in “${first.answer}”`);
  return null;
}

/**
 * A player's lock in a Duel: the room (the opponent and the TV) hears that they locked, never what;
 * the player hears what. Whether every seated duellist has now locked, so the round may close.
 */
export function lockDuel(state: LobbyState, round: CurrentRound, lock: Lock): { round: CurrentRound; effects: Effect[]; allLocked: boolean } {
  const locked = { ...round, playerLocks: { ...round.playerLocks, [lock.playerId]: lock } };
  const { playerId, answer, isSteal } = lock;
  const effects = [toRoom("duel-locked", { roundNumber: round.number, playerId }), toPlayer(playerId, "duel-locked", { roundNumber: round.number, playerId, answer, isSteal })];
  // Someone who left mid-round will never lock: the round waits only for those still seated.
  const seated = (locked.pairs ?? []).flatMap((p) => [p.a, p.b]).filter((id): id is string => id !== null && findPlayer(state, id) !== undefined);
  return { round: locked, effects, allLocked: seated.every((id) => locked.playerLocks[id]) };
}

/** The typed answers of a paired round, by player: what the judge rules on. */
export const duelLocks = (round: CurrentRound): Record<string, Lock> => round.playerLocks ?? {};

/** A side's play before scoring, from its lock and the judge's verdict. */
function sidePlay(state: LobbyState, playerId: string, lock: Lock | undefined, verdict: boolean | undefined): Omit<SidePlay, "points"> {
  const typed = lock && !lock.isSteal ? lock.answer : null;
  const name = lock?.name ?? findPlayer(state, playerId)?.name ?? "";
  const lockedBy = lock ? { playerId, name, ...(lock.ms === undefined ? {} : { ms: lock.ms }) } : null;
  return { playerId, name, answer: typed, steal: Boolean(lock?.isSteal), correct: typed === null ? null : verdict === true, overruled: false, lockedBy };
}

const NO_PLAY: Play = { kind: "none" };

/** A pairing's points by the Teams table (scoring.ts): each side against the other, a bye against no one. */
export function scoreDuel(a: Omit<SidePlay, "points">, b: Omit<SidePlay, "points"> | null): DuelResult {
  const [moveA, moveB] = [moveOf(a), b ? moveOf(b) : NO_PLAY];
  return { a: { ...a, points: gain(moveA, moveB) }, b: b && { ...b, points: gain(moveB, moveA) } };
}

/** A paired round, judged: every pairing scored. The team plays are empty: no team played it. */
export function judgedDuels(state: LobbyState, round: CurrentRound, verdicts: Partial<Record<string, boolean>>): DuelResult[] {
  const locks = duelLocks(round);
  const side = (id: string) => sidePlay(state, id, locks[id], verdicts[id]);
  return (round.pairs ?? []).map((p) => scoreDuel(side(p.a), p.b === null ? null : side(p.b)));
}

/** The judged duel `playerId` played in a round, if any: the server's overrule and the phones' screens find it alike. */
export const duelOf = (duels: readonly DuelResult[], playerId: string): DuelResult | undefined => duels.find((d) => d.a.playerId === playerId || d.b?.playerId === playerId);

/** The host's ruling on one player's typed answer in a judged paired round; their pairing is scored again. */
export function overruleDuel(round: RoundResult, playerId: string, correct: boolean): Refusal | RoundResult {
  const duels = round.duels ?? [];
  const duel = duelOf(duels, playerId);
  if (!duel) return refuse("notFound", "That player played no duel in that round");
  const play = duel.a.playerId === playerId ? duel.a : duel.b!;
  if (play.correct === null) return refuse("conflict", "Only a typed answer can be overruled");
  if (play.correct === correct) return refuse("conflict", "That is already the ruling");
  const ruled = { ...play, correct, overruled: !play.overruled };
  const next = play === duel.a ? scoreDuel(ruled, duel.b) : scoreDuel(duel.a, ruled);
  return { ...round, duels: duels.map((d) => (d === duel ? next : d)) };
}

/** Whether a refusal came back instead of a round. */
export const refused = (r: Refusal | RoundResult): r is Refusal => "ok" in r;
