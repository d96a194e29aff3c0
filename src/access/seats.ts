// The one seat check, for REST and the realtime layer alike: who this token's player is, or why the
// token no longer seats anyone. The messages are final refusals the page explains when it sends the
// player home, unlike a lost connection.
import type { LobbyService } from "../lobbies/service";
import type { LobbyState, Player } from "../game/types";
import { findPlayer } from "../game/views";
import { REMOVED_BY_HOST } from "../shared/removed";
import { OTHER_LOBBY, routedTo } from "./routed-lobby";
import type { Claims, Tokens } from "./tokens";

/**
 * `misrouted`: the token is good, but for another lobby than the request's `lobby` parameter (routed-lobby.ts).
 * `later`: the lobby exists but cannot be reached now (it is moving between servers): try again, do not send the player home.
 */
export const SEAT_TAKEN_BACK = "Your seat was taken back on another device";

export type SeatCheck = { ok: true; claims: Claims; state: LobbyState; player: Player } | { ok: false; message: string; misrouted?: true; later?: true };

/** `routed`: the request's `lobby` parameter, checked before the lobby is looked up. */
export async function checkSeat(tokens: Tokens, service: LobbyService, token: string | null | undefined, routed: string | null = null): Promise<SeatCheck> {
  const claims = await tokens.verify(token);
  if (!claims) return { ok: false, message: "Invalid or expired session" };
  if (!routedTo(routed, claims.lobby)) return { ok: false, message: OTHER_LOBBY, misrouted: true };
  // Asked once, wherever the lobby lives; on one machine (or a lobby held here) in this same turn.
  const located = service.locate(claims.lobby);
  const found = located instanceof Promise ? await located : located;
  if (!found.ok) return found.kind === "notFound" ? { ok: false, message: "This lobby has ended" } : { ok: false, message: found.message, later: true };
  const { state } = found;
  const player = findPlayer(state, claims.sub);
  if (!player) return { ok: false, message: state.kicked?.includes(claims.sub) ? REMOVED_BY_HOST : "You are no longer in this lobby" };
  // Taken back on another device: only that device's token seats the player now.
  if (player.device !== claims.dev) return { ok: false, message: SEAT_TAKEN_BACK };
  return { ok: true, claims, state, player };
}
