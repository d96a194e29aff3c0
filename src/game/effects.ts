// What the rules ask the world to do. Plain data, carried out by the lobby service.
import type { LobbyEvent, LobbyEventExtras, LobbyEventName, ServerEvent, ServerEvents } from "./server-events";
import type { LobbyState, Question, Team } from "./types";
import { lobbyView } from "./views";
import type { Command } from "./commands";

export type Audience = { kind: "room" } | { kind: "team"; team: Team } | { kind: "player"; playerId: string };

/** One event to an audience, its payload as the event contract (server-events.ts) says. */
export type Emit = { [E in ServerEvent]: { type: "emit"; to: Audience; event: E; payload: ServerEvents[E] } }[ServerEvent];

export type Effect =
  | Emit
  | { type: "schedule"; key: string; at: number; command: Command }
  | { type: "cancel"; key: string }
  /** `answers` by side: a team, or in a paired round (Duels) a player's id */
  | { type: "judge"; roundNumber: number; question: Question; answers: Partial<Record<string, string>> }
  /** where a player's live connections belong now: a team's channel; "none": no team's (the quizmaster); null: out of the lobby */
  | { type: "seat"; playerId: string; team: Team | "none" | null }
  /** the lobby is over: timers die, storage forgets it, connections close */
  | { type: "close" };

export const ROUND_TIMER = "round-end";
export const HOST_TIMER = "host-grace";

const emit = <E extends ServerEvent>(to: Audience, event: E, payload: ServerEvents[E]) => ({ type: "emit", to, event, payload }) as Emit;
// The room's and the teams' audiences are the same every time: one object each, not one per effect
// (effects are read, never changed). Plain literals, so a page's bundle that never emits drops them.
const ROOM: Audience = { kind: "room" };
const TEAM: Record<Team, Audience> = { blue: { kind: "team", team: "blue" }, red: { kind: "team", team: "red" } };
export const toRoom = <E extends ServerEvent>(event: E, payload: ServerEvents[E]): Effect => emit(ROOM, event, payload);
export const toTeam = <E extends ServerEvent>(team: Team, event: E, payload: ServerEvents[E]): Effect => emit(TEAM[team], event, payload);
export const toPlayer = <E extends ServerEvent>(playerId: string, event: E, payload: ServerEvents[E]): Effect => emit({ kind: "player", playerId }, event, payload);

/**
 * A lobby event to the room: the room's view of the lobby, the event's name as updateType, and what
 * the event adds. (TypeScript cannot see that LobbyEvent<E> is ServerEvents[E] for a generic E; the
 * callers' `extra` is checked.)
 */
export const lobbyEvent = <E extends LobbyEventName>(state: LobbyState, event: E, extra: LobbyEventExtras[E]): Effect =>
  toRoom(event, { lobby: lobbyView(state), updateType: event, ...extra } satisfies LobbyEvent<E> as unknown as ServerEvents[E]);
