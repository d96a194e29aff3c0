// The embedded judge: the local checker alone. The AI judge (when a key is set) wraps this one.
// The checker's tables (names, places, units, numbers: about 9 MB resident) load at the first
// answer judged, not at start-up: a server no one plays on has no use for them (docs/bench.md
// "Idle RSS, module by module").
import type { Question } from "../game/types";
import type { AnswerJudge } from "../lobbies/seams";

export const localJudge: AnswerJudge = {
  async judge(question: Question, given: string): Promise<boolean> {
    const { checkAnswer } = await import("./answer-check");
    return checkAnswer(question, given).correct;
  },
};
