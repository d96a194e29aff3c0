// The realtime event contract (DESIGN.md section 4, docs/decisions.md "Event payloads"): every event a
// client may send, with the zod schema the server checks it against, and every event the server
// sends, with its payload. The rules' emit effects, the views, the transport and the islands all
// take their types from here. Islands import it for types only, so zod stays out of their bundles.
import { z } from "zod";
import type { HostChangeReason } from "../game/host-rules";
import type { ChatMessage, GameState, Player, Scores, Settings, Team } from "../game/types";
import type { GameView, LobbyView, PlayerSnapshot, RoundView, watcherSnapshot } from "../game/views";

type WatcherSnapshot = ReturnType<typeof watcherSnapshot>;

// ---- client -> server -----------------------------------------------------------------------------

const token = z.string().min(1).max(2048);
const lobbyCode = z.string().max(8).optional();

/** Nothing a client sends is trusted as-is: each payload is parsed with its schema first. */
export const clientSchemas = {
  "join-lobby": z.object({ token }),
  /** leaves the connection's rooms (the page closed); the seat stays */
  "leave-lobby": z.object({ token: token.optional() }).optional(),
  // The sender's id, name and team come from the token; the page sends them as SPEC 7 says, and they
  // are accepted and ignored.
  "chat-message": z.object({
    lobbyCode,
    message: z.string().max(4000),
    chatType: z.enum(["team", "game"]).default("game"),
    playerId: z.unknown().optional(),
    playerName: z.unknown().optional(),
    team: z.unknown().optional(),
  }),
  /** a spectator (the shared TV screen): hears the room's events, never a team's or a player's */
  "watch-lobby": z.object({ code: z.string().regex(/^[A-Za-z0-9]{4}$/) }),
  /** asks for a fresh snapshot */
  "lobby-updated": z.object({ lobbyCode }).passthrough().optional(),
  /** the fallback's answer to the server's heartbeat (a WebSocket answers Bun's pings instead) */
  heartbeat: z.unknown(),
} as const;

export type ClientEvent = keyof typeof clientSchemas;
export type ClientPayload<E extends ClientEvent> = z.input<(typeof clientSchemas)[E]>;

// ---- server -> client -----------------------------------------------------------------------------

/** What each lobby event adds to `{ lobby, updateType }`, its updateType being its own name. */
export interface LobbyEventExtras {
  "player-joined": { player: Player };
  "player-left": { playerId: string };
  "player-kicked": { playerId: string };
  "player-team-changed": { playerId: string };
  "player-disconnected": { playerId: string };
  "settings-updated": { settings: Settings };
  /** the host opened or closed the lobby to new players */
  "lobby-locked": { locked: boolean };
  "lobby-ended": { lobbyCode: string; reason: string };
  "lobby-returned": Record<never, never>;
  "game-ended": { reason: string };
  "host-changed": { hostId: string; previousHostId: string; reason: HostChangeReason };
}
export type LobbyEventName = keyof LobbyEventExtras;
export type LobbyEvent<E extends LobbyEventName> = { lobby: LobbyView; updateType: E } & LobbyEventExtras[E];

interface RoundStarted {
  game: { currentRoundNumber: number; totalRounds: number; currentRound: GameView["currentRound"]; scores: Scores };
  endsAt: number;
}

/** round-results, and round-overruled after the host's ruling, with the same shape */
export interface RoundResults {
  round: RoundView;
  scores: Scores;
  gameComplete: boolean;
  game: { rounds: RoundView[]; currentRoundNumber: number; totalRounds: GameState["totalRounds"] };
}

export type ServerEvents = { [E in LobbyEventName]: LobbyEvent<E> } & {
  /** a snapshot (after join-lobby, or asked for), or a player back online */
  "lobby-updated": ((PlayerSnapshot | WatcherSnapshot) & { updateType: "snapshot" }) | { lobby: LobbyView; updateType: "player-reconnected"; playerId: string };
  /** to the room: a team locked its answer (what, and whether it steals, stays with the team) */
  "answer-locked": { team: Team; roundNumber: number };
  "game-started": { lobbyCode: string; lobby: LobbyView };
  "you-were-kicked": { lobbyCode: string };
  "round-started": RoundStarted;
  "round-timeup": { roundNumber: number };
  "answer-processing-started": { roundNumber: number };
  /** the other team hears that this team locked; the team itself also what, whether it steals, and by whom */
  "team-answer-submitted": { team: Team; roundNumber: number; answer?: string; isSteal?: boolean; playerId?: string };
  "round-results": RoundResults;
  "round-overruled": RoundResults;
  "chat-message": ChatMessage;
  // The transport's own events.
  /** bad input, or a refused join-lobby (then the connection closes) */
  "socket-error": { event: string; message: string };
  /** a newer connection of the same player took the seat; this one closes */
  "session-replaced": { lobbyCode: string };
  /** the server is going down; the connection closes and the page reconnects by itself */
  "server-restarting": Record<never, never>;
  /** sent every HEARTBEAT_MS, so a page notices a dead connection */
  heartbeat: Record<never, never>;
};
export type ServerEvent = keyof ServerEvents;
