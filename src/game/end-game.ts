// The host stops a running game for everyone (docs/decisions.md "The game explains itself and
// forgives slips": a game of 20 rounds started by mistake need not be played out). What was played
// is kept: the game ends as complete with the rounds judged so far, so every screen shows its
// summary (and the results download) before the host returns everyone to the lobby. A game with no
// judged round has nothing to keep and goes straight back to the lobby. A round still open is
// dropped unscored; its timer is cancelled, and a verdict still on its way finds no round being
// judged and is refused. Questions never shown go back to the lobby's pool, so a later game may ask
// them.
import { refuse } from "./commands";
import { lobbyEvent, ROUND_TIMER } from "./effects";
import { accept, type Outcome } from "./outcome";
import type { GameState, LobbyState } from "./types";

export const GAME_ENDED_BY_HOST = "The host ended the game";
/** A tournament whose last opponents left before a question: its champion won by walkover. */
export const CHAMPION_BY_WALKOVER = "The tournament has its champion: every opponent left";

export function endGame(state: LobbyState, by: string): Outcome {
  if (by !== state.hostId) return refuse("forbidden", "Only the host can end the game");
  const game = state.game;
  if (!game) return refuse("conflict", "No game is running");
  if (game.phase === "complete") return refuse("conflict", "The game is already over");
  return stopGame(state, game, GAME_ENDED_BY_HOST);
}

/** The game ended now, for `reason`: complete with what was judged, or back to the lobby with nothing judged. */
export function stopGame(state: LobbyState, game: GameState, reason: string): Outcome {
  const cancel = { type: "cancel", key: ROUND_TIMER } as const;
  const unshown = new Set(game.questions.slice(game.currentRoundNumber).map((q) => q.question));
  const asked = state.asked.filter((q) => !unshown.has(q));
  if (game.rounds.length === 0) {
    const back = { ...state, asked, game: null };
    return accept(back, [cancel, lobbyEvent(back, "game-ended", { reason })]);
  }
  const played = game.rounds.length;
  const last = game.rounds.at(-1)!;
  const kept = { ...game, pausedAt: null, phase: "complete" as const, totalRounds: played, currentRoundNumber: last.number, currentRound: null, questions: game.questions.slice(0, played) };
  const next = { ...state, asked, game: kept };
  return accept(next, [cancel, lobbyEvent(next, "game-stopped", { reason })]);
}
