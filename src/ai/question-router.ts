// The question source the app uses. Tags the bank holds are served by the bank (instant, free,
// curated); tags it lacks are written by the AI when a key is set. Whatever the AI does not
// deliver (an error, a timeout, a 429/500, a malformed or short reply) is made up from the bank
// exactly as if there were no key, so a game always starts with its full count of questions:
// players notice nothing, and the server logs one line.
import type { Question } from "../game/types";
import type { PickInput, QuestionSource } from "../lobbies/seams";
import { describeFailure } from "./anthropic-tool";
import type { OfflineQuestions } from "./offline-source";
import { interleave, spread, uniqueTags, type TopicPlan } from "./question-plan";

/** The part of the AI source the router needs, so tests and other providers can stand in. */
export interface TopicWriter {
  generate(plan: readonly TopicPlan[], exclude: readonly string[]): Promise<Question[]>;
}

export class QuestionRouter implements QuestionSource {
  constructor(
    private readonly bank: OfflineQuestions,
    private readonly ai: TopicWriter | null,
    private readonly log: (line: string) => void,
  ) {}

  async pick({ tags, count, exclude }: PickInput): Promise<Question[]> {
    const unique = uniqueTags(tags);
    const aiTags = unique.filter((t) => !this.bank.hasCategory(t));
    // No key, or nothing the bank lacks: the bank alone (its own rule sends unknown tags to General).
    if (!this.ai || aiTags.length === 0 || count <= 0) return this.bank.pick({ tags, count, exclude });

    const plan = spread(unique, count);
    const aiPlan = plan.filter((p) => aiTags.includes(p.tag));
    const aiCount = aiPlan.reduce((n, p) => n + p.count, 0);
    const written = await this.ai.generate(aiPlan, exclude).then(
      (qs) => {
        const got = qs.slice(0, aiCount);
        if (got.length < aiCount) this.log(`questions: AI wrote ${got.length} of ${aiCount} for ${JSON.stringify(aiTags)}; the rest come from the bank`);
        return got;
      },
      (err: unknown) => {
        this.log(`questions: AI failed (${describeFailure(err)}) for ${JSON.stringify(aiTags)}; using the bank`);
        return [] as Question[];
      },
    );

    // The bank serves its own tags plus whatever the AI left missing; with every tag passed, it
    // keeps to the lobby's bank categories, or General when the lobby has none.
    const fromBank = count - written.length;
    const banked = fromBank > 0 ? await this.bank.pick({ tags, count: fromBank, exclude: [...exclude, ...written.map((q) => q.question)] }) : [];
    return interleave([...written, ...banked], unique).slice(0, count);
  }
}
