// What the server sends, event by event, with its payload (docs/contract.md, "Realtime"). The rules'
// emit effects are typed by it, so it lives with the rules and imports nothing outside src/game/;
// src/shared/events.ts hands it on to the transport and the islands.
import type { HostChangeReason } from "./host-rules";
import type { ChatMessage, GameState, Player, Scores, Settings, Team } from "./types";
import type { GameView, LobbyView, PairView, PlayerSnapshot, PlayerView, RoundView, watcherSnapshot } from "./views";
import type { Standing } from "./duels/standings";

type WatcherSnapshot = ReturnType<typeof watcherSnapshot>;

/** What each lobby event adds to `{ lobby, updateType }`, its updateType being its own name. */
export interface LobbyEventExtras {
  "player-joined": { player: PlayerView };
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
  /** the host ended a game that had judged rounds: it is complete with those, and every screen shows its summary */
  "game-stopped": { reason: string };
  "host-changed": { hostId: string; previousHostId: string; reason: HostChangeReason };
  /** a player took their seat back from another device (entry-rules.ts takeSeatBack) */
  "seat-taken-back": { playerId: string; name: string };
  /** the host paused or resumed the game (host-controls.ts); the lobby's gameState says since when, and the moved deadline */
  "game-paused": { paused: boolean };
  /** the host gave the open question more time: `seconds` as added (a round's cap may have cut it) */
  "time-added": { roundNumber: number; seconds: number };
  /** the host replaced the open question (`skipped`, its text) with the lobby's currentRound, with its full time */
  "question-skipped": { roundNumber: number; skipped: string; endsAt: number };
}
export type LobbyEventName = keyof LobbyEventExtras;

/**
 * What a page does with each lobby event: take the new lobby in place ("refresh"), or something of
 * its own, such as leaving the screen it is on or showing the summary ("own": a handler of its own in
 * islands/client/session.ts). A new lobby event does not compile until it is placed here, so no page
 * misses it.
 */
export const LOBBY_EVENT_EFFECT = {
  "player-joined": "refresh",
  "player-left": "refresh",
  "player-kicked": "refresh",
  "player-team-changed": "refresh",
  "player-disconnected": "refresh",
  "settings-updated": "refresh",
  "lobby-locked": "refresh",
  "host-changed": "refresh",
  "seat-taken-back": "refresh",
  "game-paused": "refresh",
  "time-added": "refresh",
  "question-skipped": "refresh",
  "lobby-ended": "own",
  "lobby-returned": "own",
  "game-ended": "own",
  "game-stopped": "own",
} as const satisfies Record<LobbyEventName, "refresh" | "own">;

/** The lobby events a page takes in place. */
export const REFRESHING_LOBBY_EVENTS = (Object.keys(LOBBY_EVENT_EFFECT) as LobbyEventName[]).filter((e) => LOBBY_EVENT_EFFECT[e] === "refresh");
export type LobbyEvent<E extends LobbyEventName> = { lobby: LobbyView; updateType: E } & LobbyEventExtras[E];

interface RoundStarted {
  /** `pairs`: a paired round's (Duels) pairings, no one locked yet */
  /** `bracket`: a Tournament's, as this round starts (a walkover may have moved it) */
  game: { currentRoundNumber: number; totalRounds: number; currentRound: GameView["currentRound"]; scores: Scores; pairs?: PairView[]; bracket?: GameView["bracket"] };
  endsAt: number;
}

/** round-results, and round-overruled after the host's ruling, with the same shape */
export interface RoundResults {
  round: RoundView;
  scores: Scores;
  /** a paired game's (Duels) standings after this round */
  standings?: Standing[];
  /** a Tournament's bracket after this round (docs/rules.md "Tournament") */
  bracket?: GameView["bracket"];
  gameComplete: boolean;
  game: { rounds: RoundView[]; currentRoundNumber: number; totalRounds: GameState["totalRounds"] };
}

export type ServerEvents = { [E in LobbyEventName]: LobbyEvent<E> } & {
  /** a snapshot (after join-lobby, or asked for), or a player back online */
  "lobby-updated": ((PlayerSnapshot | WatcherSnapshot) & { updateType: "snapshot" }) | { lobby: LobbyView; updateType: "player-reconnected"; playerId: string };
  /** to the room: a team locked its answer (what, and whether it steals, stays with the team) */
  "answer-locked": { team: Team; roundNumber: number };
  /** Duels: to the room, that a player locked; to that player alone, also what and whether they steal */
  "duel-locked": { roundNumber: number; playerId: string; answer?: string; isSteal?: boolean };
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
