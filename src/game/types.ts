// Plain data of the game: serializable as JSON so a lobby can be saved and replayed.

export const TEAMS = ["blue", "red"] as const;
export type Team = (typeof TEAMS)[number];

export const otherTeam = (team: Team): Team => (team === "blue" ? "red" : "blue");

export interface Player {
  id: string;
  name: string;
  team: Team;
  isCaptain: boolean;
  isHost: boolean;
  connected: boolean;
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

export interface RoundResult {
  number: number;
  question: string;
  category: string;
  /** the correct answer */
  answer: string;
  blueAnswer: string | null;
  redAnswer: string | null;
  blueSteal: boolean;
  redSteal: boolean;
  /** verdict on a typed answer; null for a steal or no answer */
  blueCorrect: boolean | null;
  redCorrect: boolean | null;
  bluePointsGained: number;
  redPointsGained: number;
  winner: Winner;
  /** teams whose verdict the host overruled */
  overruled: Team[];
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
  /** since when the host has been disconnected; null or absent while connected (older saves lack it) */
  hostAwaySince?: number | null;
}
