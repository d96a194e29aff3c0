// What the rules ask the world to do. Plain data, carried out by the lobby service.
import type { Question, Team } from "./types";
import type { Command } from "./commands";

export type Audience = { kind: "room" } | { kind: "team"; team: Team } | { kind: "player"; playerId: string };

export type Effect =
  | { type: "emit"; to: Audience; event: string; payload: unknown }
  | { type: "schedule"; key: string; at: number; command: Command }
  | { type: "cancel"; key: string }
  | { type: "judge"; roundNumber: number; question: Question; answers: Partial<Record<Team, string>> }
  /** where a player's live connections belong now; null: they are out of the lobby */
  | { type: "seat"; playerId: string; team: Team | null }
  /** the lobby is over: timers die, storage forgets it, connections close */
  | { type: "close" };

export const ROUND_TIMER = "round-end";
export const HOST_TIMER = "host-grace";

export const toRoom = (event: string, payload: unknown): Effect => ({ type: "emit", to: { kind: "room" }, event, payload });
export const toTeam = (team: Team, event: string, payload: unknown): Effect => ({ type: "emit", to: { kind: "team", team }, event, payload });
export const toPlayer = (playerId: string, event: string, payload: unknown): Effect => ({ type: "emit", to: { kind: "player", playerId }, event, payload });
