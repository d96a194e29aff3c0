// The embedded judge: the local checker alone. The AI judge (when a key is set) wraps this one.
import type { Question } from "../game/types";
import type { AnswerJudge } from "../lobbies/seams";
import { checkAnswer } from "./answer-check";

export const localJudge: AnswerJudge = {
  async judge(question: Question, given: string): Promise<boolean> {
    return checkAnswer(question, given).correct;
  },
};
