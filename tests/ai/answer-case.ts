// One hand-labelled answer of the checker's labelled set, and the shorthands the case files use.

export interface AnswerCase {
  answer: string;
  aliases: string[];
  given: string;
  correct: boolean;
  kind: string;
  question?: string;
}

/** Reject kinds where a wrong "correct" is a safety problem, not just a misjudgement. */
export const SAFETY_KINDS = ["adversarial", "empty", "hedge", "over-generic", "shotgun", "too-long"];

export const accept = (kind: string, answer: string, given: string, aliases: string[] = [], question?: string): AnswerCase => ({
  answer, aliases, given, correct: true, kind, ...(question === undefined ? {} : { question }),
});
export const reject = (kind: string, answer: string, given: string, aliases: string[] = [], question?: string): AnswerCase => ({
  answer, aliases, given, correct: false, kind, ...(question === undefined ? {} : { question }),
});
