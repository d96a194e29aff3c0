// The host role is never stranded (docs/decisions.md "Staying in the game"): a host away for the grace
// period passes the role to the longest-seated connected player, and the host may hand it over.
// Pure like every rule: the grace period arrives in the context, the wait is a scheduled command.
import { refuse } from "./commands";
import { HOST_TIMER, lobbyEvent, type Effect } from "./effects";
import { accept, type Outcome } from "./outcome";
import { seatFormerQuizmaster } from "./quizmaster-rules";
import type { LobbyState } from "./types";
import { findPlayer, successor } from "./views";

export type HostChangeReason = "disconnected" | "handed-over" | "left";

export { successor };

/** Moves the role to `newHostId` and tells the room; the hand-off timer, if any, stops. */
export function handOver(state: LobbyState, newHostId: string, reason: HostChangeReason): { state: LobbyState; effects: Effect[] } {
  const previousHostId = state.hostId;
  const players = state.players.map((p) => (p.isHost === (p.id === newHostId) ? p : { ...p, isHost: p.id === newHostId }));
  const handed: LobbyState = { ...state, players, hostId: newHostId, hostAwaySince: null, hostHandoffAt: null };
  const { state: next, effects: seated } = seatFormerQuizmaster(handed, previousHostId);
  const event = lobbyEvent(next, "host-changed", { hostId: newHostId, previousHostId, reason });
  return { state: next, effects: [{ type: "cancel", key: HOST_TIMER }, ...seated, event] };
}

/** The host's presence changed: start or stop the grace period. */
export function hostPresence(state: LobbyState, connected: boolean, now: number, graceMs: number): { state: LobbyState; effects: Effect[] } {
  if (connected) return { state: { ...state, hostAwaySince: null, hostHandoffAt: null }, effects: [{ type: "cancel", key: HOST_TIMER }] };
  // When the role passes on is kept, so every screen can count down to it (views.ts hostAway).
  const at = now + graceMs;
  return { state: { ...state, hostAwaySince: now, hostHandoffAt: at }, effects: [{ type: "schedule", key: HOST_TIMER, at, command: { type: "hostGraceOver" } }] };
}

/** Whether the host has been away for the whole grace period. */
export const hostGone = (state: LobbyState, now: number, graceMs: number) => typeof state.hostAwaySince === "number" && now - state.hostAwaySince >= graceMs;

/** The grace timer fired, or someone came back after it: hand the role on if anyone can take it. */
export function hostGraceOver(state: LobbyState, now: number, graceMs: number): Outcome {
  if (!hostGone(state, now, graceMs)) return refuse("conflict", "The host is here");
  const next = successor(state, state.hostId);
  // Nobody is connected: the role passes to the first player who comes back (see presence).
  if (!next) return accept(state);
  const moved = handOver(state, next.id, "disconnected");
  return accept(moved.state, moved.effects);
}

export function transferHost(state: LobbyState, by: string, playerId: string): Outcome {
  if (by !== state.hostId) return refuse("forbidden", "Only the host can hand over the host role");
  if (playerId === by) return refuse("conflict", "You are already the host");
  if (!findPlayer(state, playerId)) return refuse("notFound", "Player not found");
  const moved = handOver(state, playerId, "handed-over");
  return accept(moved.state, moved.effects);
}
