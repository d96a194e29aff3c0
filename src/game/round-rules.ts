// A game's rounds: start, locks, the round's end (deadline or both locked), judging, results, overrule.
import { startWaitsFor, withCaptains } from "./captain-rules";
import { refuse, type Refusal } from "./commands";
import { lobbyEvent, ROUND_TIMER, toPlayer, toRoom, toTeam, type Effect } from "./effects";
import { sitsOut } from "./entry-rules";
import { isPaused, PAUSED, SKIPPED } from "./host-controls";
import type { ServerEvents } from "./server-events";
import { accept, type Outcome } from "./outcome";
import { CHAMPION_BY_WALKOVER, stopGame } from "./end-game";
import { QUIZMASTER_NO_ANSWER } from "./quizmaster-rules";
import { moveOf, roundGains, winnerOf } from "./scoring";
import { unasked } from "./same-question";
import { ANSWER_MAX, ASKED_MAX, clip } from "./settings";
import type { CurrentRound, GameState, LobbyState, Lock, Locker, Player, Question, RoundResult, Team, TeamPlay } from "./types";
import { byTeam, modeOf, otherTeam, paired, TEAMS } from "./types";
import { findPlayer, gameView, lobbyView, roundView, teamOf } from "./views";
import { duelLockRefusal, duelLocks, duelRound, duelWaits, judgedDuels, lockDuel, overruleDuel, refused } from "./duels/duel-rules";
import { standingsOf } from "./duels/standings";
import { drawnGame, judgedTournament, tournamentLockRefusal, tournamentOverruleRefusal, tournamentRound, tournamentWaits } from "./tournament/tournament-rules";

const tournament = (state: LobbyState) => modeOf(state) === "tournament";

const LATE = "You joined during this round: you play from the next one";

const withGame = (state: LobbyState, game: GameState | null): LobbyState => ({ ...state, game });

/** The checks of startGame that can run before questions are fetched (fetching may take seconds). */
export function canStartGame(state: LobbyState, by: string): Refusal | null {
  if (by !== state.hostId) return refuse("forbidden", "Only the host can start the game");
  if (state.game) return refuse("conflict", "A game is already running");
  // Teams need a player on each team; a Duel, two players (docs/rules.md "Duels").
  const waits = tournament(state) ? tournamentWaits(state) : paired(state) ? duelWaits(state) : startWaitsFor({ blue: teamOf(state, "blue").length, red: teamOf(state, "red").length });
  if (waits) return refuse("conflict", waits);
  return null;
}

export function startGame(state: LobbyState, by: string, questions: Question[], now: number, order?: readonly string[]): Outcome {
  const refusal = canStartGame(state, by);
  if (refusal) return refusal;
  // Questions are picked before this runs (maybe seconds before, by a slow AI), so one picked for an
  // earlier start may have been asked since: no game repeats a question of this lobby.
  const fresh = unasked(questions, state.asked);
  // A tournament asks until its champion (docs/rules.md "Tournament"): every question fetched for it may be needed.
  const totalRounds = tournament(state) ? fresh.length : Math.min(state.settings.rounds, fresh.length);
  if (totalRounds === 0) return refuse("conflict", "No questions available");
  const picked = fresh.slice(0, totalRounds);
  const plain: GameState = { phase: "idle", currentRoundNumber: 0, totalRounds, questions: picked, currentRound: null, rounds: [], scores: { blue: 0, red: 0 }, startedAt: now };
  const game = tournament(state) ? drawnGame(state, plain, order) : plain;
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
  // A Duel's round also says who faces whom (duels/pairing.ts), and keeps the circle that said it.
  // A tournament's pairs are its bracket round's live matches (tournament/tournament-rules.ts).
  const matches = tournament(state) ? tournamentRound(state, game) : null;
  // Walkovers alone crowned the champion (their opponents left): the game ends, not a refusal the host cannot get past.
  if (matches && matches.pairs.length === 0) return stopGame(state, matches.game, CHAMPION_BY_WALKOVER);
  const duel = paired(state) && !matches ? duelRound(state, game, number) : null;
  const pairs = matches?.pairs ?? duel?.pairs;
  const sides = pairs ? { pairs, playerLocks: {} } : {};
  const next = withGame(state, { ...(matches?.game ?? game), ...(duel && { circle: duel.circle }), phase: "question", currentRoundNumber: number, currentRound: { number, question, startedAt: now, endsAt, locks: {}, ...sides } });
  const view = gameView(next.game)!;
  const payload = { game: { currentRoundNumber: number, totalRounds: game.totalRounds, currentRound: view.currentRound, scores: view.scores, ...(view.pairs && { pairs: view.pairs }), ...(next.game!.bracket && { bracket: next.game!.bracket }) }, endsAt };
  return accept(next, [toRoom("round-started", payload), { type: "schedule", key: ROUND_TIMER, at: endsAt, command: { type: "timeUp", roundNumber: number } }]);
}

interface Submission {
  playerId: string;
  /** the team answered for; the player's own when not given */
  team?: Team;
  /** a Tournament's bracket match answered for; the player's own when not given */
  match?: number;
  roundNumber: number;
  answer: string;
  isSteal: boolean;
  /** the round's skips as the player saw it; absent from older pages and REST callers, who answer whatever is open */
  skips?: number;
}

/** The checks every lock passes, whichever side it is for: this round is open, in time, and the player plays it. */
function openFor(state: LobbyState, player: Player, input: Submission, now: number): Refusal | { ok: true; game: GameState; round: CurrentRound } {
  const game = state.game;
  const round = game?.currentRound;
  if (!game || game.phase !== "question" || !round) return refuse("conflict", "No round is open");
  if (input.roundNumber !== round.number) return refuse("conflict", "That round is not open");
  if (isPaused(game)) return refuse("conflict", PAUSED);
  if (input.skips !== undefined && input.skips !== (round.skips ?? 0)) return refuse("conflict", SKIPPED);
  if (sitsOut(player, round.number)) return refuse("forbidden", LATE);
  if (now >= round.endsAt) return refuse("conflict", "Time is up");
  return { ok: true, game, round };
}

/** The lock a submission makes, or why it makes none (a blank answer). */
function lockOf(player: Player, input: Submission, round: CurrentRound, now: number): Refusal | Lock {
  const answer = input.isSteal ? "" : clip(input.answer.trim(), ANSWER_MAX);
  if (!input.isSteal && !answer) return refuse("invalid", "Answer cannot be blank");
  // Who locked and how fast, kept for the results, the summary's awards and the exports (docs/rules.md "Who locked what").
  const ms = round.startedAt === undefined ? {} : { ms: now - round.startedAt };
  return { playerId: input.playerId, answer, isSteal: input.isSteal, name: player.name, ...ms };
}

/** Every side has locked: the round closes before its deadline, and its timer stops. */
function closeEarly(state: LobbyState, told: Effect[]): Outcome {
  const closed = closeRound(state);
  return accept(closed.state, [...told, { type: "cancel", key: ROUND_TIMER }, ...closed.effects]);
}

export function submit(state: LobbyState, input: Submission, now: number): Outcome {
  const player = findPlayer(state, input.playerId);
  if (!player) return refuse("notFound", "Player not found");
  if (paired(state)) return submitPaired(state, player, input, now);
  if (player.team === null) return refuse("forbidden", QUIZMASTER_NO_ANSWER);
  const team = input.team ?? player.team;
  if (player.team !== team) return refuse("forbidden", "You can only answer for your own team");
  const open = openFor(state, player, input, now);
  if (!open.ok) return open;
  const { game, round } = open;
  const first = round.locks[team];
  if (first) return refuse("conflict", lockedFirst(state, first));
  const lock = lockOf(player, input, round, now);
  if ("ok" in lock) return lock;
  const answer = lock.answer;
  const locked = withGame(state, { ...game, currentRound: { ...round, locks: { ...round.locks, [team]: lock } } });
  const told: Effect[] = [
    // The shared screen (and anyone) may show which teams have locked; what, only the team learns.
    toRoom("answer-locked", { team, roundNumber: round.number }),
    toTeam(otherTeam(team), "team-answer-submitted", { team, roundNumber: round.number }),
    ...toOwnTeam(state, team, round.number, { team, roundNumber: round.number, answer, isSteal: input.isSteal, playerId: input.playerId }),
  ];
  const bothLocked = TEAMS.every((t) => locked.game!.currentRound!.locks[t]);
  return bothLocked ? closeEarly(locked, told) : accept(locked, told);
}

/** A lock in a paired round (Duels): the player is the side; the same checks, then their pairing's (duels/duel-rules.ts). */
function submitPaired(state: LobbyState, player: Player, input: Submission, now: number): Outcome {
  const open = openFor(state, player, input, now);
  if (!open.ok) return open;
  const refusal = (tournament(state) && tournamentLockRefusal(open.game, open.round.pairs ?? [], player, input.match)) || duelLockRefusal(open.round, player, input.isSteal);
  if (refusal) return refusal;
  const lock = lockOf(player, input, open.round, now);
  if ("ok" in lock) return lock;
  const { round, effects, allLocked } = lockDuel(state, open.round, lock);
  const locked = withGame(state, { ...open.game, currentRound: round });
  return allLocked ? closeEarly(locked, effects) : accept(locked, effects);
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

/** The typed answers of a round by side (a team, or in a paired round a player), steals left out. */
function typedAnswers(locks: Partial<Record<string, Lock>>): Partial<Record<string, string>> {
  const answers: Partial<Record<string, string>> = {};
  for (const [side, lock] of Object.entries(locks)) if (lock && !lock.isSteal) answers[side] = lock.answer;
  return answers;
}

/** A round's locks by side: the teams', or in a paired round the players'. */
const locksOf = (round: CurrentRound): Partial<Record<string, Lock>> => (round.pairs ? duelLocks(round) : round.locks);

/** The round stops taking answers; typed answers go to the judge. */
function closeRound(state: LobbyState): { state: LobbyState; effects: Effect[] } {
  const game = state.game!;
  const round = game.currentRound!;
  const answers = typedAnswers(locksOf(round));
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

const resultsPayload = (state: LobbyState, game: GameState, round: RoundResult) => ({
  round: roundView(round),
  scores: game.scores,
  ...(paired(state) && !game.bracket && { standings: standingsOf(state, game) }),
  ...(game.bracket && { bracket: game.bracket }),
  gameComplete: game.phase === "complete",
  game: { rounds: game.rounds.map(roundView), currentRoundNumber: game.currentRoundNumber, totalRounds: game.totalRounds },
});

/** The scores after `round` replaced `old` (or was added, when there is no old). */
const rescore = (game: GameState, round: RoundResult, old?: RoundResult) => byTeam((t) => game.scores[t] - (old?.plays[t].points ?? 0) + round.plays[t].points);

export function judged(state: LobbyState, roundNumber: number, verdicts: Partial<Record<string, boolean>>, of?: { question: string; answers: Partial<Record<string, string>> }): Outcome {
  const game = state.game;
  const round = game?.currentRound;
  if (!game || game.phase !== "judging" || !round || round.number !== roundNumber) return refuse("conflict", "No round is being judged");
  // A slow judge can answer after its game was left and a new one reached the same round number.
  const answers = typedAnswers(locksOf(round));
  const same = (a: Partial<Record<string, string>>, b: Partial<Record<string, string>>) => [...Object.keys(a), ...Object.keys(b)].every((side) => a[side] === b[side]);
  if (of && (of.question !== round.question.question || !same(of.answers, answers))) return refuse("conflict", "Those verdicts are for another round");
  const { number, question } = round;
  const plays = byTeam((t) => {
    const lock = round.locks[t];
    const typed = lock && !lock.isSteal ? lock.answer : null;
    return { answer: typed, steal: Boolean(lock?.isSteal), correct: typed === null ? null : verdicts[t] === true, overruled: false, lockedBy: lock ? lockerOf(state, lock) : null };
  });
  // A paired round's teams played nothing (its locks by team are empty); its pairings carry the plays.
  const scored = scoreRound({ number, question: question.question, category: question.category, answer: question.answer }, plays);
  const result = round.pairs ? { ...scored, duels: judgedDuels(state, round, verdicts) } : scored;
  const played: GameState = { ...game, scores: rescore(game, result), rounds: [...game.rounds, result] };
  const nextGame = tournament(state) ? bracketMoved(state, played, result) : { ...played, phase: number >= game.totalRounds ? ("complete" as const) : ("results" as const) };
  const next = withGame(state, nextGame);
  return accept(next, [toRoom("round-results", resultsPayload(next, nextGame, result))]);
}

/** A tournament's game after a judged question: its bracket moved on, complete with the champion. */
function bracketMoved(state: LobbyState, game: GameState, round: RoundResult, before?: GameState["bracket"]): GameState {
  const moved = judgedTournament(state, game, round.duels ?? [], before);
  return { ...moved.game, phase: moved.done ? "complete" : "results" };
}

/** Whose answer the host rules on: a team's, or in a paired round a player's. */
export type Ruled = { team?: Team; playerId?: string };

/** The host's ruling replaces the judge's on one typed answer; points and scores (or standings) follow. */
export function overrule(state: LobbyState, by: string, roundNumber: number, { team, playerId }: Ruled, correct: boolean): Outcome {
  if (by !== state.hostId) return refuse("forbidden", "Only the host can overrule");
  const game = state.game;
  if (!game || (game.phase !== "results" && game.phase !== "complete")) return refuse("conflict", "Nothing to overrule now");
  const old = game.rounds.find((r) => r.number === roundNumber);
  if (!old) return refuse("notFound", "No such round");
  if (old.duels) {
    if (playerId === undefined) return refuse("invalid", "Name the player whose answer you overrule");
    const late = tournament(state) ? tournamentOverruleRefusal(game, roundNumber) : null;
    if (late) return late;
    const ruled = overruleDuel(old, playerId, correct);
    return refused(ruled) ? ruled : replaceRound(state, game, ruled, old);
  }
  if (team === undefined) return refuse("invalid", "Name the team whose answer you overrule");
  const play = old.plays[team];
  if (play.correct === null) return refuse("conflict", "Only a typed answer can be overruled");
  if (play.correct === correct) return refuse("conflict", "That is already the ruling");
  // Ruling back to the judge's verdict is no longer an overrule.
  const { plays, winner: _, ...base } = old;
  return replaceRound(state, game, scoreRound(base, { ...plays, [team]: { ...play, correct, overruled: !play.overruled } }), old);
}

/** A judged round ruled again: it takes the old one's place, and the room hears the new results. */
function replaceRound(state: LobbyState, game: GameState, round: RoundResult, old: RoundResult): Outcome {
  const replaced: GameState = { ...game, scores: rescore(game, round, old), rounds: game.rounds.map((r) => (r.number === old.number ? round : r)) };
  // A tournament's last question ruled again moves its bracket from where it stood before that question.
  const nextGame = tournament(state) ? bracketMoved(state, replaced, round, game.bracketBefore) : replaced;
  const next = withGame(state, nextGame);
  return accept(next, [toRoom("round-overruled", resultsPayload(next, nextGame, round))]);
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
