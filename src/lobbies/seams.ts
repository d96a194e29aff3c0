// What the lobby service needs from the rest of the server, as interfaces, so each part can be
// replaced (AI or offline questions, local or AI judge, the realtime transport or nothing) and faked in tests.
import type { Audience } from "../game/effects";
import type { Question, Team } from "../game/types";
import type { ServerEvent, ServerEvents } from "../shared/events";

export interface PickInput {
  tags: string[];
  count: number;
  exclude: string[];
  /** the lobby's own questions, asked first for the tags they are in */
  own?: readonly Question[];
}

export interface QuestionSource {
  /** Questions for a whole game, none of whose text is in `exclude`. */
  pick(input: PickInput): Promise<Question[]>;
}

export interface AnswerJudge {
  /** Never resolves true on doubt or error: a failure counts as wrong. */
  judge(question: Question, given: string): Promise<boolean>;
}

export interface Broadcaster {
  emit<E extends ServerEvent>(code: string, to: Audience, event: E, payload: ServerEvents[E]): void;
  /** Moves a player's live connections to their team's channel, to no team's ("none": the quizmaster), or drops them (null). */
  seat(code: string, playerId: string, team: Team | "none" | null): void;
  /** The lobby is gone: drop every connection to it. */
  close(code: string): void;
  /** The lobby is on another server now: its connections close as for a restart, and reconnect to find it there. */
  moved(code: string): void;
}

export const silentBroadcaster: Broadcaster = { emit() {}, seat() {}, close() {}, moved() {} };
