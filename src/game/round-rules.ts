// A game's rounds: start, locks, the round's end (deadline or both locked), judging, results, overrule.
import { startWaitsFor, withCaptains } from "./captain-rules";
import { refuse, type Refusal } from "./commands";
import { lobbyEvent, ROUND_TIMER, toPlayer, toRoom, toTeam, type Effect } from "./effects";
import { sitsOut } from "./entry-rules";
import { isPaused, PAUSED, SKIPPED } from "./host-controls";
import type { ServerEvents } from "./server-events";
import { accept, type Outcome } from "./outcome";
import { QUIZMASTER_NO_ANSWER } from "./quizmaster-rules";
import { moveOf, roundGains, winnerOf } from "./scoring";
import { unasked } from "./same-question";
import { ANSWER_MAX, ASKED_MAX, clip } from "./settings";
import type { GameState, LobbyState, Lock, Locker, Question, RoundResult, Team, TeamPlay } from "./types";
import { byTeam, otherTeam, TEAMS } from "./types";
import { findPlayer, gameView, lobbyView, roundView, teamOf } from "./views";

const LATE = "You joined during this round: you play from the next one";

const withGame = (state: LobbyState, game: GameState | null): LobbyState => ({ ...state, game });

/** The checks of startGame that can run before questions are fetched (fetching may take seconds). */
export function canStartGame(state: LobbyState, by: string): Refusal | null {
  if (by !== state.hostId) return refuse("forbidden", "Only the host can start the game");
  if (state.game) return refuse("conflict", "A game is already running");
  const waits = startWaitsFor({ blue: teamOf(state, "blue").length, red: teamOf(state, "red").length });
  if (waits) return refuse("conflict", waits);
  return null;
}

export function startGame(state: LobbyState, by: string, questions: Question[], now: number): Outcome {
  const refusal = canStartGame(state, by);
  if (refusal) return refusal;
  // Questions are picked before this runs (maybe seconds before, by a slow AI), so one picked for an
  // earlier start may have been asked since: no game repeats a question of this lobby.
  const fresh = unasked(questions, state.asked);
  const totalRounds = Math.min(state.settings.rounds, fresh.length);
  if (totalRounds === 0) return refuse("conflict", "No questions available");
  const picked = fresh.slice(0, totalRounds);
  const game: GameState = { phase: "idle", currentRoundNumber: 0, totalRounds, questions: picked, currentRound: null, rounds: [], scores: { blue: 0, red: 0 }, startedAt: now };
  // A lobby saved before captains came by themselves may still lack one (captain-rules.ts).
  const next = withCaptains({ ...withGame(state, game), asked: [...state.asked, ...picked.map((q) => q.question)].slice(-ASKED_MAX) });
  return accept(next, [toRoom("game-started", { lobbyCode: state.code, lobby: lobbyView(next) })]);
}

export function startRound(state: LobbyState, by: string, now: number, expected?: number): Outcome {
  if (by !== state.hostId) return refuse("forbidden", "Only the host can start a round");
  const game = state.game;
  if (!game) return refuse("conflict", "No game is running");
  if (game.phase === "complete") return refuse("conflict", "The game is complete");
  if (game.phase !== "idle" && game.phase !== "results") return refuse("conflict", "A round is in progress");
  if (isPaused(game)) return refuse("conflict", PAUSED);
  const number = game.currentRoundNumber + 1;
  // A retried "Next Round" must not start a round nobody asked for (docs/decisions.md "Stale commands").
  if (expected !== undefined && expected !== number) return refuse("conflict", expected < number ? `Round ${expected} has already started` : `Round ${expected} is not the next round`);
  const endsAt = now + state.settings.roundLimit * 1000;
  const question = game.questions[number - 1]!;
  const next = withGame(state, { ...game, phase: "question", currentRoundNumber: number, currentRound: { number, question, startedAt: now, endsAt, locks: {} } });
  const view = gameView(next.game)!;
  const payload = { game: { currentRoundNumber: number, totalRounds: game.totalRounds, currentRound: view.currentRound, scores: view.scores }, endsAt };
  return accept(next, [toRoom("round-started", payload), { type: "schedule", key: ROUND_TIMER, at: endsAt, command: { type: "timeUp", roundNumber: number } }]);
}

interface Submission {
  playerId: string;
  /** the team answered for; the player's own when not given */
  team?: Team;
  roundNumber: number;
  answer: string;
  isSteal: boolean;
  /** the round's skips as the player saw it; absent from older pages and REST callers, who answer whatever is open */
  skips?: number;
}

export function submit(state: LobbyState, input: Submission, now: number): Outcome {
  const player = findPlayer(state, input.playerId);
  if (!player) return refuse("notFound", "Player not found");
  if (player.team === null) return refuse("forbidden", QUIZMASTER_NO_ANSWER);
  const team = input.team ?? player.team;
  if (player.team !== team) return refuse("forbidden", "You can only answer for your own team");
  const game = state.game;
  const round = game?.currentRound;
  if (!game || game.phase !== "question" || !round) return refuse("conflict", "No round is open");
  if (input.roundNumber !== round.number) return refuse("conflict", "That round is not open");
  if (isPaused(game)) return refuse("conflict", PAUSED);
  if (input.skips !== undefined && input.skips !== (round.skips ?? 0)) return refuse("conflict", SKIPPED);
  if (sitsOut(player, round.number)) return refuse("forbidden", LATE);
  if (now >= round.endsAt) return refuse("conflict", "Time is up");
  const first = round.locks[team];
  if (first) return refuse("conflict", lockedFirst(state, first));
  const answer = input.isSteal ? "" : clip(input.answer.trim(), ANSWER_MAX);
  if (!input.isSteal && !answer) return refuse("invalid", "Answer cannot be blank");
  // Who locked and how fast, kept for the results, the summary's awards and the exports (docs/rules.md "Who locked what").
  const ms = round.startedAt === undefined ? {} : { ms: now - round.startedAt };
  const lock: Lock = { playerId: input.playerId, answer, isSteal: input.isSteal, name: player.name, ...ms };
  const locked = withGame(state, { ...game, currentRound: { ...round, locks: { ...round.locks, [team]: lock } } });
  const told: Effect[] = [
    // The shared screen (and anyone) may show which teams have locked; what, only the team learns.
    toRoom("answer-locked", { team, roundNumber: round.number }),
    toTeam(otherTeam(team), "team-answer-submitted", { team, roundNumber: round.number }),
    ...toOwnTeam(state, team, round.number, { team, roundNumber: round.number, answer, isSteal: input.isSteal, playerId: input.playerId }),
  ];
  const bothLocked = TEAMS.every((t) => locked.game!.currentRound!.locks[t]);
  if (!bothLocked) return accept(locked, told);
  const closed = closeRound(locked);
  return accept(closed.state, [...told, { type: "cancel", key: ROUND_TIMER }, ...closed.effects]);
}

/**
 * The team hears what it locked, except its latecomers, who watch this round: they hear only that
 * the team locked, as the other team does.
 */
function toOwnTeam(state: LobbyState, team: Team, round: number, lock: ServerEvents["team-answer-submitted"]): Effect[] {
  const late = teamOf(state, team).filter((p) => sitsOut(p, round));
  if (late.length === 0) return [toTeam(team, "team-answer-submitted", lock)];
  return teamOf(state, team).map((p) => toPlayer(p.id, "team-answer-submitted", sitsOut(p, round) ? { team, roundNumber: round } : lock));
}

/** Told only to a teammate of the locker, so the team's own answer may be named. */
function lockedFirst(state: LobbyState, lock: Lock): string {
  const who = findPlayer(state, lock.playerId)?.name ?? "Your team";
  return lock.isSteal ? `${who} already chose to steal for your team` : `${who} already locked in “${lock.answer}” for your team`;
}

export function timeUp(state: LobbyState, roundNumber: number): Outcome {
  const game = state.game;
  if (!game || game.phase !== "question" || game.currentRoundNumber !== roundNumber) return refuse("conflict", "No round to end");
  // A timer that fires while paused (the pause cancels it; one already on its way) ends nothing.
  if (isPaused(game)) return refuse("conflict", PAUSED);
  const closed = closeRound(state);
  return accept(closed.state, [toRoom("round-timeup", { roundNumber }), ...closed.effects]);
}

function typedAnswers(locks: Partial<Record<Team, Lock>>): Partial<Record<Team, string>> {
  const answers: Partial<Record<Team, string>> = {};
  for (const team of TEAMS) {
    const lock = locks[team];
    if (lock && !lock.isSteal) answers[team] = lock.answer;
  }
  return answers;
}

/** The round stops taking answers; typed answers go to the judge. */
function closeRound(state: LobbyState): { state: LobbyState; effects: Effect[] } {
  const game = state.game!;
  const round = game.currentRound!;
  const answers = typedAnswers(round.locks);
  return {
    state: withGame(state, { ...game, phase: "judging" }),
    effects: [toRoom("answer-processing-started", { roundNumber: round.number }), { type: "judge", roundNumber: round.number, question: round.question, answers }],
  };
}

/** Who locked: the name recorded with the lock, or (a lock saved before names were kept) the player's now. */
function lockerOf(state: LobbyState, { playerId, name, ms }: Lock): Locker {
  return { playerId, name: name ?? findPlayer(state, playerId)?.name ?? "", ...(ms === undefined ? {} : { ms }) };
}

/** A round's plays before scoring: what each team did and the ruling on it. */
type Unscored = Record<Team, Omit<TeamPlay, "points">>;

function scoreRound(round: Omit<RoundResult, "plays" | "winner">, plays: Unscored): RoundResult {
  const points = roundGains(moveOf(plays.blue), moveOf(plays.red));
  const scored = byTeam((t) => {
    const { answer, steal, correct, overruled, lockedBy } = plays[t];
    return { answer, steal, correct, points: points[t], overruled, lockedBy };
  });
  return { ...round, plays: scored, winner: winnerOf(points) };
}

const resultsPayload = (game: GameState, round: RoundResult) => ({
  round: roundView(round),
  scores: game.scores,
  gameComplete: game.phase === "complete",
  game: { rounds: game.rounds.map(roundView), currentRoundNumber: game.currentRoundNumber, totalRounds: game.totalRounds },
});

/** The scores after `round` replaced `old` (or was added, when there is no old). */
const rescore = (game: GameState, round: RoundResult, old?: RoundResult) => byTeam((t) => game.scores[t] - (old?.plays[t].points ?? 0) + round.plays[t].points);

export function judged(state: LobbyState, roundNumber: number, verdicts: Partial<Record<Team, boolean>>, of?: { question: string; answers: Partial<Record<Team, string>> }): Outcome {
  const game = state.game;
  const round = game?.currentRound;
  if (!game || game.phase !== "judging" || !round || round.number !== roundNumber) return refuse("conflict", "No round is being judged");
  // A slow judge can answer after its game was left and a new one reached the same round number.
  const answers = typedAnswers(round.locks);
  const same = (a: Partial<Record<Team, string>>, b: Partial<Record<Team, string>>) => TEAMS.every((t) => a[t] === b[t]);
  if (of && (of.question !== round.question.question || !same(of.answers, answers))) return refuse("conflict", "Those verdicts are for another round");
  const { number, question } = round;
  const plays = byTeam((t) => {
    const lock = round.locks[t];
    const typed = lock && !lock.isSteal ? lock.answer : null;
    return { answer: typed, steal: Boolean(lock?.isSteal), correct: typed === null ? null : verdicts[t] === true, overruled: false, lockedBy: lock ? lockerOf(state, lock) : null };
  });
  const result = scoreRound({ number, question: question.question, category: question.category, answer: question.answer }, plays);
  const phase = number >= game.totalRounds ? "complete" : "results";
  const nextGame: GameState = { ...game, phase, scores: rescore(game, result), rounds: [...game.rounds, result] };
  return accept(withGame(state, nextGame), [toRoom("round-results", resultsPayload(nextGame, result))]);
}

/** The host's ruling replaces the judge's on one typed answer; points and scores follow. */
export function overrule(state: LobbyState, by: string, roundNumber: number, team: Team, correct: boolean): Outcome {
  if (by !== state.hostId) return refuse("forbidden", "Only the host can overrule");
  const game = state.game;
  if (!game || (game.phase !== "results" && game.phase !== "complete")) return refuse("conflict", "Nothing to overrule now");
  const old = game.rounds.find((r) => r.number === roundNumber);
  if (!old) return refuse("notFound", "No such round");
  const play = old.plays[team];
  if (play.correct === null) return refuse("conflict", "Only a typed answer can be overruled");
  if (play.correct === correct) return refuse("conflict", "That is already the ruling");
  // Ruling back to the judge's verdict is no longer an overrule.
  const { plays, winner: _, ...base } = old;
  const round = scoreRound(base, { ...plays, [team]: { ...play, correct, overruled: !play.overruled } });
  const nextGame: GameState = { ...game, scores: rescore(game, round, old), rounds: game.rounds.map((r) => (r.number === roundNumber ? round : r)) };
  return accept(withGame(state, nextGame), [toRoom("round-overruled", resultsPayload(nextGame, round))]);
}

export function returnToLobby(state: LobbyState, by: string): Outcome {
  if (by !== state.hostId) return refuse("forbidden", "Only the host can return everyone to the lobby");
  if (!state.game) return refuse("conflict", "No game is running");
  const next = withGame(state, null);
  return accept(next, [{ type: "cancel", key: ROUND_TIMER }, lobbyEvent(next, "lobby-returned", {})]);
}

/** After a restart, what a saved lobby still needs: its round timer, or its interrupted judging. */
export function resumeEffects(state: LobbyState): Effect[] {
  const round = state.game?.currentRound;
  if (!state.game || !round) return [];
  if (state.game.phase === "question" && !isPaused(state.game)) return [{ type: "schedule", key: ROUND_TIMER, at: round.endsAt, command: { type: "timeUp", roundNumber: round.number } }];
  if (state.game.phase === "judging") return closeRound(state).effects.filter((e) => e.type === "judge");
  return [];
}

/** The lobby's game once it is complete, its results final; null while one runs or none has. */
export const finishedGame = (state: LobbyState): GameState | null => (state.game?.phase === "complete" ? state.game : null);
