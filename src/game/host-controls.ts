// The host's hand on the clock (docs/rules.md "The host runs the room"): pause and resume, a question
// skipped for another, more time. Pure like every rule: the new question arrives inside the command
// (the service picks it from the lobby's sources first), the time in the context. A pause keeps no
// timer: the round's timer is cancelled and armed again at the moved deadline on resume, so a timer
// that fires while paused can only be a stale one, and timeUp refuses it (round-rules.ts).
import { refuse, type Refusal } from "./commands";
import { lobbyEvent, ROUND_TIMER, type Effect } from "./effects";
import { accept, type Outcome } from "./outcome";
import { unasked } from "./same-question";
import { ASKED_MAX } from "./settings";
import type { CurrentRound, GameState, LobbyState, Question } from "./types";

export const PAUSED = "The game is paused";
export const SKIPPED = "The host skipped that question: answer the new one";
/** What the host may add at once, in seconds; a round is never longer than ROUND_MAX_MS in all. */
export const ADD_TIME_MIN_S = 10;
export const ADD_TIME_MAX_S = 60;
export const ROUND_MAX_MS = 5 * 60_000;

export const isPaused = (game: GameState | null | undefined) => typeof game?.pausedAt === "number";

/** A round's playing time in all, as given (older saves lack it: the round limit). */
const allowedOf = (state: LobbyState, round: CurrentRound) => round.allowedMs ?? state.settings.roundLimit * 1000;

const roundTimer = (round: CurrentRound): Effect => ({ type: "schedule", key: ROUND_TIMER, at: round.endsAt, command: { type: "timeUp", roundNumber: round.number } });

/** The open question the host's call names, or why not: host only, a game, a question phase, that round. */
function openRoundFor(state: LobbyState, by: string, roundNumber: number, what: string): { game: GameState; round: CurrentRound } | Refusal {
  if (by !== state.hostId) return refuse("forbidden", `Only the host can ${what}`);
  const game = state.game;
  if (!game) return refuse("conflict", "No game is running");
  const round = game.currentRound;
  if (game.phase !== "question" || !round) return refuse("conflict", "No question is open");
  if (round.number !== roundNumber) return refuse("conflict", `Round ${roundNumber} is not open`);
  return { game, round };
}

/** The checks of skipQuestion that can run before a question is picked (picking may take seconds). */
export function canSkip(state: LobbyState, by: string, roundNumber: number): Refusal | null {
  const open = openRoundFor(state, by, roundNumber, "skip a question");
  return "ok" in open ? open : null;
}

/**
 * Pause or resume. A pause in any phase of a running game holds it: the round's clock stops, nothing
 * locks, no round starts (and the pages hold the last results). Resuming moves the deadline by the
 * pause's length. Asking for what already is (a replayed call) changes nothing.
 */
export function pause(state: LobbyState, by: string, paused: boolean, now: number): Outcome {
  if (by !== state.hostId) return refuse("forbidden", "Only the host can pause the game");
  const game = state.game;
  if (!game) return refuse("conflict", "No game is running");
  if (paused === isPaused(game)) return accept(state);
  const round = game.phase === "question" ? game.currentRound : null;
  if (paused) {
    const next = { ...state, game: { ...game, pausedAt: now } };
    return accept(next, [...(round ? [{ type: "cancel", key: ROUND_TIMER } as const] : []), lobbyEvent(next, "game-paused", { paused: true })]);
  }
  const moved = round ? { ...round, endsAt: round.endsAt + (now - game.pausedAt!) } : game.currentRound;
  const next = { ...state, game: { ...game, pausedAt: null, currentRound: moved } };
  return accept(next, [...(round && moved ? [roundTimer(moved)] : []), lobbyEvent(next, "game-paused", { paused: false })]);
}

/** More time for the open question, up to ROUND_MAX_MS of playing time in all (paused time is not playing time). */
export function addTime(state: LobbyState, by: string, roundNumber: number, seconds: number, now: number): Outcome {
  const open = openRoundFor(state, by, roundNumber, "add time");
  if ("ok" in open) return open;
  const { game, round } = open;
  if (!Number.isInteger(seconds) || seconds < ADD_TIME_MIN_S || seconds > ADD_TIME_MAX_S) return refuse("invalid", `Add ${ADD_TIME_MIN_S} to ${ADD_TIME_MAX_S} seconds`);
  if (!isPaused(game) && now >= round.endsAt) return refuse("conflict", "Time is up");
  const allowed = allowedOf(state, round);
  const added = Math.min(seconds * 1000, ROUND_MAX_MS - allowed);
  if (added <= 0) return refuse("conflict", `A round lasts at most ${ROUND_MAX_MS / 60_000} minutes`);
  const longer = { ...round, endsAt: round.endsAt + added, allowedMs: allowed + added };
  const next = { ...state, game: { ...game, currentRound: longer } };
  // A paused round's timer is armed on resume, at the deadline it has then.
  const timer = isPaused(game) ? [] : [roundTimer(longer)];
  return accept(next, [...timer, lobbyEvent(next, "time-added", { roundNumber, seconds: added / 1000 })]);
}

/**
 * The open question is replaced by `question` (picked by the service from the lobby's sources, not
 * asked before): the round starts again with its full time, the locks on the old one are dropped and
 * nothing is scored. The skipped question stays among the lobby's asked ones, so it never comes back.
 * A paused game stays paused, the new question's clock standing at its full time.
 */
export function skipQuestion(state: LobbyState, by: string, roundNumber: number, question: Question | null, now: number): Outcome {
  const open = openRoundFor(state, by, roundNumber, "skip a question");
  if ("ok" in open) return open;
  const { game, round } = open;
  if (!question || unasked([question], state.asked).length === 0) return refuse("conflict", "No other question is available");
  const limit = state.settings.roundLimit * 1000;
  // A paired round (a Duel's, a Tournament's matches) keeps its pairings; its players' locks go with the old question (docs/rules.md "Duels").
  const sides = round.pairs ? { pairs: round.pairs, playerLocks: {} } : {};
  const fresh: CurrentRound = { number: round.number, question, startedAt: now, endsAt: now + limit, locks: {}, allowedMs: limit, skips: (round.skips ?? 0) + 1, ...sides };
  const questions = game.questions.map((q, i) => (i === round.number - 1 ? question : q));
  const next: LobbyState = {
    ...state,
    asked: [...state.asked, question.question].slice(-ASKED_MAX),
    game: { ...game, questions, currentRound: fresh, ...(isPaused(game) ? { pausedAt: now } : {}) },
  };
  const timer: Effect[] = isPaused(game) ? [{ type: "cancel", key: ROUND_TIMER }] : [roundTimer(fresh)];
  return accept(next, [...timer, lobbyEvent(next, "question-skipped", { roundNumber, skipped: round.question.question, endsAt: fresh.endsAt })]);
}
