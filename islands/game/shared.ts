// Helpers shared by the game islands: round numbers, winner lines and the host's calls.
import type { Locker, Team, Winner } from "../../src/game/types";
import type { LobbyView } from "../../src/game/views";
import { api } from "../client/api";

/** The round shown: the current one, or the first before any has started. */
export const roundNumber = (lobby: LobbyView | null) => Math.max(1, lobby?.gameState?.currentRoundNumber ?? 0);

/** The game's length; the default of 7 (docs/rules.md "Settings") when settings are missing. */
export const totalRounds = (lobby: LobbyView | null) => lobby?.gameState?.totalRounds ?? lobby?.settings?.rounds ?? 7;

export const scoresOf = (lobby: LobbyView | null) => lobby?.gameState?.scores ?? { blue: 0, red: 0 };

export const winnerLine = (winner: Winner) => (winner === "tie" ? "It's a tie!" : `${teamName(winner)} team wins!`);

/**
 * Start Round and Next Round are the same call (docs/decisions.md, stale commands); it names the round it starts, so a
 * retried tap cannot start the one after. The callers log it with their own message.
 */
export const startRound = (code: string | null, roundNumber: number) => api("POST", "/api/lobby/startRound", { code, roundNumber });

export { playOf } from "../../src/game/views";
export { winnerOf } from "../../src/game/scoring";

export const teamName = (team: Team) => (team === "blue" ? "Blue" : "Red");

/** "+1 point", "+2 points", "+0 points": singular where it is one. */
export const pointsLine = (n: number) => `+${n} ${n === 1 ? "point" : "points"}`;

/** Who locked a team's play and how long after the question appeared (docs/rules.md "Who locked what"). */
export const lockedLine = (locker: Locker) => `Locked by ${locker.name}${locker.ms === undefined ? "" : ` in ${(locker.ms / 1000).toFixed(1)} s`}`;
