// The judge the app uses when a key is set: the local checker decides whenever it is sure, which
// is almost always (free, instant, no text leaves the server); the AI is asked only when the
// checker is unsure. If the AI fails in any way, the local verdict stands: an outage never turns
// wrong answers right, and never defaults to correct.
import type { Question } from "../game/types";
import type { AnswerJudge } from "../lobbies/seams";
import { checkAnswer, type Verdict } from "./answer-check";
import { describeFailure } from "./anthropic-tool";

/** Below this the checker is guessing (answer-check's contract). */
export const UNSURE_BELOW = 0.75;

export interface SecondOpinion {
  verdict(question: Question, given: string): Promise<boolean>;
}

export function compositeJudge(opts: {
  ai: SecondOpinion | null;
  log: (line: string) => void;
  check?: (q: Question, given: string) => Verdict;
}): AnswerJudge {
  const check = opts.check ?? checkAnswer;
  return {
    async judge(question: Question, given: string): Promise<boolean> {
      const local = check(question, given);
      if (!opts.ai || local.confidence >= UNSURE_BELOW) return local.correct;
      try {
        // Only a real boolean counts; anything else keeps the local verdict.
        const ai = await opts.ai.verdict(question, given);
        return typeof ai === "boolean" ? ai : local.correct;
      } catch (err) {
        opts.log(`judge: AI failed (${describeFailure(err)}); kept the local verdict`);
        return local.correct;
      }
    },
  };
}
