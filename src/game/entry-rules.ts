// Who may come in, and how (docs/rules.md "Latecomers"; docs/decisions.md "Keeping strangers out"):
// the host's lock, names that cannot pass for a seated player's, and latecomers, who watch the round
// that is open when they join and play from the next.
import { refuse, type Refusal } from "./commands";
import { lobbyEvent } from "./effects";
import { accept, type Outcome } from "./outcome";
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

/** Why `name` may not join: a seated player's name, or one that would pass for it. */
export function nameRefusal(state: LobbyState, name: string, key: NameKey): Refusal | null {
  const wanted = key(name);
  const twin = state.players.find((p) => key(p.name) === wanted);
  if (!twin) return null;
  if (caseOnly(twin.name) === caseOnly(name)) return refuse("conflict", "That name is taken in this lobby");
  return refuse("conflict", `That name is taken in this lobby: it looks like “${twin.name}”`);
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
