// Plain data of the game: serializable as JSON so a lobby can be saved and replayed.

export const TEAMS = ["blue", "red"] as const;
export type Team = (typeof TEAMS)[number];

export const otherTeam = (team: Team): Team => (team === "blue" ? "red" : "blue");

/** A record with one value per team, so rules say what a team gets once instead of once per colour. */
export const byTeam = <T>(of: (team: Team) => T): Record<Team, T> => ({ blue: of("blue"), red: of("red") });

export interface Player {
  id: string;
  name: string;
  team: Team;
  isCaptain: boolean;
  isHost: boolean;
  connected: boolean;
  /** joined while this round was open: watches it, plays from the next (entry-rules.ts) */
  sitsOutRound?: number;
  /** when a latecomer joined: their team's chat from before is not theirs to read */
  joinedAt?: number;
}

export interface Settings {
  rounds: number;
  /** seconds */
  roundLimit: number;
  tags: string[];
}

export interface Question {
  question: string;
  answer: string;
  aliases: string[];
  category: string;
}

export interface Lock {
  playerId: string;
  answer: string;
  isSteal: boolean;
}

export type Winner = Team | "tie";

/** What one team did in a round and what it earned. */
export interface TeamPlay {
  /** the typed answer; null for a steal or no answer */
  answer: string | null;
  steal: boolean;
  /** verdict on a typed answer; null for a steal or no answer */
  correct: boolean | null;
  points: number;
  /** the host overruled the verdict (a second ruling undoes it) */
  overruled: boolean;
}

/** A judged round as the rules keep it: each team's play under its own key. Clients see it flattened (views.ts, RoundView). */
export interface RoundResult {
  number: number;
  question: string;
  category: string;
  /** the correct answer */
  answer: string;
  plays: Record<Team, TeamPlay>;
  winner: Winner;
}

export type Phase = "idle" | "question" | "judging" | "results" | "complete";

export interface CurrentRound {
  number: number;
  question: Question;
  endsAt: number;
  locks: Partial<Record<Team, Lock>>;
}

export interface Scores {
  blue: number;
  red: number;
}

export interface GameState {
  phase: Phase;
  currentRoundNumber: number;
  totalRounds: number;
  questions: Question[];
  currentRound: CurrentRound | null;
  rounds: RoundResult[];
  scores: Scores;
}

export interface ChatMessage {
  message: string;
  playerId: string;
  playerName: string;
  team: Team;
  chatType: "team" | "game";
  timestamp: number;
}

export interface LobbyState {
  code: string;
  hostId: string;
  /** in joining order; each team's list is derived from it */
  players: Player[];
  /** ids whose tokens must never work here again (kicked or left) */
  barred: string[];
  settings: Settings;
  game: GameState | null;
  /** questions already asked in this lobby, so no game repeats one */
  asked: string[];
  chat: ChatMessage[];
  createdAt: number;
  /** the host let no one new in (absent in older saves: open) */
  locked?: boolean;
  /** since when the host has been disconnected; null or absent while connected (older saves lack it) */
  hostAwaySince?: number | null;
}
