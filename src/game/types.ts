// Plain data of the game: serializable as JSON so a lobby can be saved and replayed. Each type is
// inferred from its schema in schemas.ts, the one place a field is written; these imports are types
// only, so the islands that read this file carry no zod.
import type { z } from "zod";
import type * as schemas from "./schemas";

export const TEAMS = ["blue", "red"] as const;
export type Team = (typeof TEAMS)[number];

/** How a lobby plays (docs/rules.md "Modes"). */
export const MODES = ["teams", "duels", "tournament"] as const;
export type Mode = (typeof MODES)[number];

export const otherTeam = (team: Team): Team => (team === "blue" ? "red" : "blue");

/** A record with one value per team, so rules say what a team gets once instead of once per colour. */
export const byTeam = <T>(of: (team: Team) => T): Record<Team, T> => ({ blue: of("blue"), red: of("red") });

export type Player = z.infer<typeof schemas.playerSchema>;
export type Settings = z.infer<typeof schemas.settingsSchema>;
/** Settings as a host sends them, coerced to numbers at the edge and clamped by the rules. */
export type SettingsInput = z.output<typeof schemas.settingsInputSchema>;
export type Question = z.infer<typeof schemas.questionSchema>;
/** A question of a lobby's own, with the id its host's page names it by. */
export type OwnQuestion = Question & { id: number };
export type Winner = z.infer<typeof schemas.winnerSchema>;
export type RoundResult = z.infer<typeof schemas.roundResultSchema>;
export type TeamPlay = RoundResult["plays"][Team];
export type Locker = z.infer<typeof schemas.lockerSchema>;
export type Phase = z.infer<typeof schemas.phaseSchema>;
export type CurrentRound = z.infer<typeof schemas.currentRoundSchema>;
export type Lock = NonNullable<CurrentRound["locks"][Team]>;
export type GameState = z.infer<typeof schemas.gameStateSchema>;
export type Scores = GameState["scores"];
export type ChatMessage = z.infer<typeof schemas.chatMessageSchema>;
export type LobbyState = z.infer<typeof schemas.lobbyStateSchema>;
export type Pairing = z.infer<typeof schemas.pairingSchema>;
export type SidePlay = z.infer<typeof schemas.sidePlaySchema>;
export type DuelResult = z.infer<typeof schemas.duelResultSchema>;

/** The lobby's mode: teams unless it says otherwise. */
export const modeOf = (state: Pick<LobbyState, "mode">): Mode => state.mode ?? "teams";
/** Whether a lobby's players play each other in pairs (Duels; Tournament's matches build on it) rather than as two teams. */
export const paired = (state: Pick<LobbyState, "mode">) => modeOf(state) !== "teams";
