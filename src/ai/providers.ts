// Picks the question source and answer judge from the config: with ANTHROPIC_API_KEY, the router
// (bank first, AI for tags the bank lacks) and the local checker backed by the AI judge; without
// it, the offline bank and the local checker alone, so the game runs with no network at all.
import type { Question } from "../game/types";
import type { AnswerJudge, QuestionSource } from "../lobbies/seams";
import { AnthropicJudge } from "./anthropic-judge";
import { AnthropicQuestions } from "./anthropic-questions";
import { makeClient, type AiConfig } from "./anthropic-tool";
import { compositeJudge } from "./composite-judge";
import { localJudge } from "./local-judge";
import { OfflineQuestions } from "./offline-source";
import { QuestionRouter } from "./question-router";

export interface Ai {
  questions: QuestionSource;
  judge: AnswerJudge;
}

export function makeAi(config: AiConfig, bank: readonly Question[], log: (line: string) => void): Ai {
  const offline = new OfflineQuestions(bank);
  const key = config.ANTHROPIC_API_KEY;
  if (!key) return { questions: offline, judge: localJudge };
  const client = makeClient({ ...config, ANTHROPIC_API_KEY: key });
  return {
    questions: new QuestionRouter(offline, new AnthropicQuestions(client), log),
    judge: compositeJudge({ ai: new AnthropicJudge(client), log }),
  };
}
