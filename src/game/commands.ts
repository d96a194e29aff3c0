// Everything that can happen to a lobby, as data. Transport validates input before it becomes a command.
import type { ChatMessage, Question, SettingsInput, Team } from "./types";

export type Command =
  /** `takeBack`: the player confirmed the name's free seat is theirs (entry-rules.ts takeSeatBack); `playerId` is then the new device's */
  | { type: "join"; playerId: string; name: string; takeBack?: boolean }
  /** the host opens or closes the lobby to new players */
  | { type: "lock"; by: string; locked: boolean }
  | { type: "leave"; playerId: string }
  | { type: "kick"; by: string; playerId: string }
  | { type: "teamSelect"; playerId: string; team: Team; isCaptain: boolean }
  /** the host sits out of both teams as quizmaster (quizmaster-rules.ts) */
  | { type: "sitOut"; by: string }
  | { type: "updateSettings"; by: string; settings: SettingsInput }
  /** `order`: a Tournament's draw, the players' ids in an order the service drew at random */
  | { type: "startGame"; by: string; questions: Question[]; order?: string[] }
  /** `roundNumber`: the round the host meant to start; a replayed call names one already started */
  | { type: "startRound"; by: string; roundNumber?: number }
  /** `team`: the player's own when not given; `match`: in a Tournament, the bracket match answered for (the player's own when not given) */
  /** `skips`: the round's skips when the player saw the question (host-controls.ts); a lock sent before a skip is stale */
  | { type: "submit"; playerId: string; team?: Team; match?: number; roundNumber: number; answer: string; isSteal: boolean; skips?: number }
  | { type: "timeUp"; roundNumber: number }
  /** `of`: the question and typed answers the verdicts were given on; verdicts on anything else are stale. */
  /** verdicts and answers by side: a team, or in a paired round (Duels) a player's id */
  | { type: "judged"; roundNumber: number; verdicts: Partial<Record<string, boolean>>; of?: { question: string; answers: Partial<Record<string, string>> } }
  /** `team` in Teams, `playerId` in a paired round (Duels): whose typed answer is ruled on */
  | { type: "overrule"; by: string; roundNumber: number; team?: Team; playerId?: string; correct: boolean }
  | { type: "returnToLobby"; by: string }
  /** the host stops a running game: played rounds are kept as a finished game (end-game.ts) */
  | { type: "endGame"; by: string }
  | { type: "endLobby"; by: string }
  | { type: "chat"; playerId: string; message: string; chatType: ChatMessage["chatType"] }
  | { type: "presence"; playerId: string; connected: boolean }
  | { type: "transferHost"; by: string; playerId: string }
  /** the host pauses or resumes the game (host-controls.ts) */
  | { type: "pause"; by: string; paused: boolean }
  | { type: "addTime"; by: string; roundNumber: number; seconds: number }
  /** `question`: the one the service picked from the lobby's sources to replace the open one; null when none was left */
  | { type: "skipQuestion"; by: string; roundNumber: number; question: Question | null }
  /** the host's grace period may be over: hand the role on if they are still away */
  | { type: "hostGraceOver" }
  /** the server's wall clock stepped by this many ms (a monotonic clock saw no such time pass) */
  | { type: "clockStep"; by: number };

/**
 * Why a command was refused, in the rules' own words; each transport says it its own way (HTTP
 * maps them in src/api/errors.ts). `unavailable`: the lobby could not be saved (a full or
 * read-only disk); nothing changed.
 */
export type RefusalKind = "invalid" | "forbidden" | "notFound" | "conflict" | "unavailable";
export interface Refusal {
  ok: false;
  kind: RefusalKind;
  message: string;
  /** a join's name is a seat nobody has used for a while: its owner may take it back (entry-rules.ts) */
  takeBack?: string;
}

export const refuse = (kind: RefusalKind, message: string): Refusal => ({ ok: false, kind, message });
