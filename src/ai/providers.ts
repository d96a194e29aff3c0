// Picks the question source and answer judge from the config: with ANTHROPIC_API_KEY, the router
// (bank first, AI for tags the bank lacks) and the local checker backed by the AI judge; without
// it, the offline bank and the local checker alone, so the game runs with no network at all. Either
// way a lobby's own questions come before both.
import type { AnswerJudge, QuestionSource } from "../lobbies/seams";
import type { AiConfig } from "./anthropic-tool";
import { localJudge } from "./local-judge";
import { OfflineQuestions, type Bank } from "./offline-source";
import { OwnQuestionsFirst } from "./own-first";

/** What the host's page needs to say where each tag's questions will come from. */
export interface QuestionCatalog {
  /** the bank's categories (built-in and packs) */
  bank: string[];
  /** whether the AI writes questions for tags the bank lacks */
  ai: boolean;
}

export interface Ai {
  /** the lobby's own questions first, then the bank or the AI */
  questions: QuestionSource;
  judge: AnswerJudge;
  catalog: QuestionCatalog;
}

/** `bank`: the questions, or how to read them when first asked for (the server's way). */
export async function makeAi(config: AiConfig, bank: Bank, log: (line: string) => void): Promise<Ai> {
  const offline = new OfflineQuestions(bank);
  const key = config.ANTHROPIC_API_KEY;
  let categories: string[] | null = null;
  const catalog = {
    get bank() {
      return (categories ??= offline.categories());
    },
    ai: Boolean(key),
  };
  if (!key) return { questions: new OwnQuestionsFirst(offline), judge: localJudge, catalog };
  // The SDK is loaded only with a key: the embedded default (a Pi with no key) saves its ~7 MB.
  const [{ AnthropicJudge }, { AnthropicQuestions }, { makeClient }, { compositeJudge }, { QuestionRouter }] = await Promise.all([
    import("./anthropic-judge"),
    import("./anthropic-questions"),
    import("./anthropic-tool"),
    import("./composite-judge"),
    import("./question-router"),
  ]);
  const client = makeClient({ ...config, ANTHROPIC_API_KEY: key });
  return {
    questions: new OwnQuestionsFirst(new QuestionRouter(offline, new AnthropicQuestions(client), log)),
    judge: compositeJudge({ ai: new AnthropicJudge(client), log }),
    catalog,
  };
}
