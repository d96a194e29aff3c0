// Tournament (docs/rules.md "Tournament"): the paired rounds of Duels (duels/duel-rules.ts) whose pairs
// are the live matches of the bracket's current round. A round is one question for every live match;
// its judged duels (the Teams table within each pair) say who won the question, the match score
// follows (match-score.ts), a match won is decided in the bracket (bracket.ts), and when a bracket
// round has no live match left the next one's matches are the next question's pairs. The game ends
// with the champion, not at the rounds setting.
import { refuse, type Refusal } from "../commands";
import type { DuelResult, GameState, LobbyState, Pairing, Player } from "../types";
import { modeOf } from "../types";
import { bracketSize, champion, currentRound, decideMatch, liveMatches, seedBracket } from "./bracket";
import type { Bracket, BracketMatch } from "./bracket-schema";
import { freshScore, matchWinner, MATCH_QUESTIONS, scoreQuestion } from "./match-score";

export const TOURNAMENT_MIN = 3;
export const TOURNAMENT_MAX = 16;
/** Questions fetched per bracket round: its best of three and two of sudden death (docs/decisions.md "Tournament"). */
export const QUESTIONS_PER_BRACKET_ROUND = MATCH_QUESTIONS + 2;
export const NOT_IN_BRACKET = "You are not in the bracket: you joined after the draw. Watch and chat";
export const OUT = "You are out of the tournament: watch the rest and chat";
export const THROUGH = "Your match is decided: you are through, wait for the next round";
export const NOT_YOUR_MATCH = "That match is not yours";

/** Why a Tournament cannot start with these players yet; null when it can. */
export function tournamentWaits(lobby: { players?: readonly unknown[] }): string | null {
  const n = lobby.players?.length ?? 0;
  if (n < TOURNAMENT_MIN) return `A Tournament needs at least ${TOURNAMENT_MIN} players`;
  if (n > TOURNAMENT_MAX) return `A Tournament takes at most ${TOURNAMENT_MAX} players`;
  return null;
}

/** How many questions a tournament of `players` asks at most before the questions run out. */
export const questionsFor = (players: number): number => QUESTIONS_PER_BRACKET_ROUND * Math.log2(bracketSize(players));

/** How many questions a game of this lobby fetches: the rounds setting, or what a tournament of its players may ask. */
export const questionsWanted = (state: LobbyState): number => (modeOf(state) === "tournament" ? questionsFor(state.players.length) : state.settings.rounds);

/**
 * The game of a tournament as it starts: the bracket seeded from the order the service drew (players
 * it no longer seats dropped, players it did not know of added in joining order), names kept for the
 * bracket's drawing even after someone leaves.
 */
export function drawnGame(state: LobbyState, game: GameState, order: readonly string[] = []): GameState {
  const seated = state.players.map((p) => p.id);
  const drawn = [...order.filter((id) => seated.includes(id)), ...seated.filter((id) => !order.includes(id))];
  const names = Object.fromEntries(state.players.map((p) => [p.id, p.name]));
  return { ...game, bracket: { ...seedBracket(drawn), names } };
}

type Kept = NonNullable<GameState["bracket"]>;

/** The bracket without its names: what bracket.ts works on. */
const plain = (kept: Kept): Bracket => ({ rounds: kept.rounds });

/** Live matches of the current round whose side has left go to the other side (a walkover); repeated, as a walkover can make another. */
function walkovers(bracket: Bracket, seated: ReadonlySet<string>): Bracket {
  for (let round = currentRound(bracket); round !== -1; round = currentRound(bracket)) {
    const gone = liveMatches(bracket, round).find((i) => !seated.has(bracket.rounds[round]![i]!.a!) || !seated.has(bracket.rounds[round]![i]!.b!));
    if (gone === undefined) return bracket;
    const m = bracket.rounds[round]![gone]!;
    // Both gone: side a goes on, to be walked over in turn.
    bracket = decideMatch(bracket, round, gone, seated.has(m.a!) ? m.a! : seated.has(m.b!) ? m.b! : m.a!)!;
  }
  return bracket;
}

/** When the questions run out, a level match goes to the side ahead, else to its side a (the earlier drawn); until the champion. */
function decideLevel(bracket: Bracket): Bracket {
  for (let round = currentRound(bracket); round !== -1; round = currentRound(bracket)) {
    const i = liveMatches(bracket, round)[0]!;
    const m = bracket.rounds[round]![i]!;
    const score = m.score ?? freshScore();
    bracket = decideMatch(bracket, round, i, score.b > score.a ? m.b! : m.a!)!;
  }
  return bracket;
}

const withMatch = (bracket: Bracket, round: number, index: number, match: BracketMatch): Bracket => ({
  rounds: bracket.rounds.map((r, ri) => (ri === round ? r.map((m, mi) => (mi === index ? match : m)) : r)),
});

/** One judged question applied to the current bracket round: each live match's score, and the matches it won. */
export function applyQuestion(bracket: Bracket, duels: readonly DuelResult[]): Bracket {
  const round = currentRound(bracket);
  if (round === -1) return bracket;
  let next = bracket;
  for (const index of liveMatches(bracket, round)) {
    const m = bracket.rounds[round]![index]!;
    const duel = duels.find((d) => d.a.playerId === m.a && d.b?.playerId === m.b);
    if (!duel) continue;
    const score = scoreQuestion(m.score ?? freshScore(), duel.a.points, duel.b!.points);
    next = withMatch(next, round, index, { ...m, score });
    const won = matchWinner(score);
    if (won) next = decideMatch(next, round, index, won === "a" ? m.a! : m.b!)!;
  }
  return next;
}

/** The seated players' ids: who can still play a match. */
const seatedIds = (state: LobbyState) => new Set(state.players.map((p) => p.id));

/** The game before a question: walkovers settled; the pairs the question is asked to (the current round's live matches). */
export function tournamentRound(state: LobbyState, game: GameState): { game: GameState; pairs: Pairing[] } {
  const kept = game.bracket!;
  const bracket = walkovers(plain(kept), seatedIds(state));
  const round = currentRound(bracket);
  const pairs = round === -1 ? [] : liveMatches(bracket, round).map((i) => ({ a: bracket.rounds[round]!.at(i)!.a!, b: bracket.rounds[round]!.at(i)!.b }));
  return { game: { ...game, bracket: { ...kept, rounds: bracket.rounds } }, pairs };
}

/**
 * The game after a judged question: the bracket moved on, the one before kept for an overrule of this
 * question; with the questions spent, level matches decided. Whether the tournament has its champion.
 */
export function judgedTournament(state: LobbyState, game: GameState, duels: readonly DuelResult[], before = game.bracket!): { game: GameState; done: boolean } {
  let bracket = walkovers(applyQuestion(plain(before), duels), seatedIds(state));
  if (game.rounds.length >= game.questions.length) bracket = decideLevel(bracket);
  const next = { ...game, bracket: { ...before, rounds: bracket.rounds }, bracketBefore: before };
  return { game: next, done: champion(bracket) !== null };
}

/** Why `player` cannot lock in this question: out, through, not in the bracket, or naming a match not theirs. Else null. */
export function tournamentLockRefusal(game: GameState, pairs: readonly Pairing[], player: Player, match?: number): Refusal | null {
  const bracket = game.bracket!;
  const round = currentRound(plain(bracket));
  const live = pairs.findIndex((p) => p.a === player.id || p.b === player.id);
  if (live === -1) {
    if (!bracket.rounds[0]!.some((m) => m.a === player.id || m.b === player.id)) return refuse("conflict", NOT_IN_BRACKET);
    const lost = bracket.rounds.some((r) => r.some((m) => m.winner !== null && m.winner !== player.id && (m.a === player.id || m.b === player.id)));
    return refuse("conflict", lost ? OUT : THROUGH);
  }
  if (match !== undefined) {
    const m = bracket.rounds[round]?.[match];
    if (!m || (m.a !== player.id && m.b !== player.id)) return refuse("conflict", NOT_YOUR_MATCH);
  }
  return null;
}

/** The overrule of a judged question in a tournament: only the last one, whose bracket is replayed from the one before it. */
export function tournamentOverruleRefusal(game: GameState, roundNumber: number): Refusal | null {
  const last = game.rounds.at(-1)?.number;
  return last === roundNumber && game.bracketBefore ? null : refuse("conflict", "In a tournament only the last question can be overruled");
}
