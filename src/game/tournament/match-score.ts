// A match is best of three questions (docs/rules.md "Tournament"): a question goes to whoever gained
// more from it by the Teams table; a match ends at two questions won, or after three with one side
// ahead; level after three, every further question is sudden death.
import type { MatchScore } from "./bracket-schema";

export const MATCH_QUESTIONS = 3;

export const freshScore = (): MatchScore => ({ a: 0, b: 0, questions: 0 });

/** The score after one more question, given what each side gained from it. */
export function scoreQuestion(score: MatchScore, gainA: number, gainB: number): MatchScore {
  return {
    a: score.a + (gainA > gainB ? 1 : 0),
    b: score.b + (gainB > gainA ? 1 : 0),
    questions: score.questions + 1,
  };
}

const needed = Math.floor(MATCH_QUESTIONS / 2) + 1;

/** Which side has won the match, or null while it goes on. */
export function matchWinner(score: MatchScore): "a" | "b" | null {
  if (score.a >= needed || (score.questions >= MATCH_QUESTIONS && score.a > score.b)) return "a";
  if (score.b >= needed || (score.questions >= MATCH_QUESTIONS && score.b > score.a)) return "b";
  return null;
}

/** True once the match's regular questions are spent and it is still level. */
export const inSuddenDeath = (score: MatchScore): boolean => score.questions >= MATCH_QUESTIONS && matchWinner(score) === null;
