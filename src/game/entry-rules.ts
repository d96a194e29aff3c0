// Who may come in, and how (docs/rules.md "Latecomers"; docs/decisions.md "Keeping strangers out"):
// the host's lock, names that cannot pass for a seated player's, and latecomers, who watch the round
// that is open when they join and play from the next.
import { refuse, type Refusal } from "./commands";
import { lobbyEvent } from "./effects";
import { accept, type Outcome } from "./outcome";
import { SEAT_RETURN_MS } from "./settings";
import type { LobbyState, Player } from "./types";

/**
 * What two names are compared by. The lobby service injects the confusable skeleton (Unicode TR39),
 * whose data the rules do not carry; without it, case alone is ignored.
 */
export type NameKey = (name: string) => string;
export const caseOnly: NameKey = (name) => name.toLowerCase();

export const LOCKED = "The host has locked this lobby";

export function lockLobby(state: LobbyState, by: string, locked: boolean): Outcome {
  if (by !== state.hostId) return refuse("forbidden", "Only the host can lock the lobby");
  if (Boolean(state.locked) === locked) return accept(state);
  const next = { ...state, locked };
  return accept(next, [lobbyEvent(next, "lobby-locked", { locked })]);
}

/** The seated player whose name `name` is, compared as names are (`key`), if any. */
export function seatNamed(state: LobbyState, name: string, key: NameKey): Player | undefined {
  const wanted = key(name);
  return state.players.find((p) => key(p.name) === wanted);
}

/** Whether a seat's owner may take it from another device: every connection of it gone long enough. */
export const seatFree = (seat: Player, now: number) => !seat.connected && now - (seat.awaySince ?? 0) >= SEAT_RETURN_MS;

/**
 * Why `name` may not join: it is `twin`'s, or would pass for it. A seat nobody has used for a while
 * is offered back (`takeBack`), since its owner may be the one asking from another phone.
 */
export function nameTaken(twin: Player, name: string, now: number): Refusal {
  const message = caseOnly(twin.name) === caseOnly(name) ? "That name is taken in this lobby" : `That name is taken in this lobby: it looks like “${twin.name}”`;
  return seatFree(twin, now) ? { ...refuse("conflict", message), takeBack: twin.name } : refuse("conflict", message);
}

/**
 * A guest whose phone died takes their own seat back from another device (docs/rules.md "Taking a
 * seat back"): team, captaincy and score share stay; only a token that names `device` seats the
 * player from now on, so the old device's stops working; the room hears it.
 */
export function takeSeatBack(state: LobbyState, seat: Player, device: string, now: number): Outcome {
  const next = { ...state, players: state.players.map((p) => (p.id === seat.id ? { ...p, device, awaySince: now } : p)) };
  return accept(next, [lobbyEvent(next, "seat-taken-back", { playerId: seat.id, name: seat.name })]);
}

/** The number of the round open now (asked, or being judged); null between rounds. */
export function openRound(state: LobbyState): number | null {
  const game = state.game;
  return game && (game.phase === "question" || game.phase === "judging") && game.currentRound ? game.currentRound.number : null;
}

/** A player who joins while a round is open sits it out: marked with that round and when they came. */
export function lateness(state: LobbyState, now: number): Pick<Player, "sitsOutRound" | "joinedAt"> {
  const open = openRound(state);
  return open !== null ? { sitsOutRound: open, joinedAt: now } : {};
}

/** Whether this player only watches the round numbered `round`. */
export const sitsOut = (player: Player, round: number) => player.sitsOutRound === round;
