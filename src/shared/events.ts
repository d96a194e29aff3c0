// The realtime event contract (docs/contract.md "Realtime", docs/decisions.md "Event payloads"): every event a
// client may send, with the zod schema the server checks it against, and every event the server
// sends, with its payload. The rules' emit effects, the views, the transport and the islands all
// take their types from here. Islands import it for types only, so zod stays out of their bundles.
import { z } from "zod";
import { codeSchema } from "../game/schemas";

export type { LobbyEvent, LobbyEventExtras, LobbyEventName, RoundResults, ServerEvent, ServerEvents } from "../game/server-events";

// ---- client -> server -----------------------------------------------------------------------------

const token = z.string().min(1).max(2048);
const lobbyCode = z.string().max(8).optional();

/** Nothing a client sends is trusted as-is: each payload is parsed with its schema first. */
export const clientSchemas = {
  "join-lobby": z.object({ token }),
  /** leaves the connection's rooms (the page closed); the seat stays */
  "leave-lobby": z.object({ token: token.optional() }).optional(),
  // The sender's id, name and team come from the token; a client may still send them (docs/contract.md
  // "Client events"), and they are accepted and ignored. Compiled: chat is the busiest frame, and zod's
  // generated parser takes about a sixth of the time and under half the allocations of its interpreter
  // (docs/bench.md "Allocations per chat line"); a frame it rejects is parsed again by the interpreter,
  // so the errors are the same.
  "chat-message": z.compile(
    z.object({
      lobbyCode,
      message: z.string().max(4000),
      chatType: z.enum(["team", "game"]).default("game"),
      playerId: z.unknown().optional(),
      playerName: z.unknown().optional(),
      team: z.unknown().optional(),
    }),
  ),
  /** a spectator (the shared TV screen): hears the room's events, never a team's or a player's */
  "watch-lobby": z.object({ code: codeSchema }),
  /** asks for a fresh snapshot */
  "lobby-updated": z.object({ lobbyCode }).passthrough().optional(),
  /** the fallback's answer to the server's heartbeat (a WebSocket answers Bun's pings instead) */
  heartbeat: z.unknown(),
} as const;

export type ClientEvent = keyof typeof clientSchemas;
export type ClientPayload<E extends ClientEvent> = z.input<(typeof clientSchemas)[E]>;
