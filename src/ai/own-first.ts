// The lobby's own questions come first: a tag that names a category of them is asked from them while
// they last (question-plan.ts decides how many), and only the rest of the game goes to the source
// behind (bank, AI or General), which never learns there were own questions at all.
import { unasked } from "../game/same-question";
import { tagKey } from "../game/settings";
import type { Question } from "../game/types";
import type { PickInput, QuestionSource } from "../lobbies/seams";
import { shuffled } from "./offline-source";
import { interleave, ownPlan } from "./question-plan";

export class OwnQuestionsFirst implements QuestionSource {
  constructor(
    private readonly inner: QuestionSource,
    private readonly random: () => number = Math.random,
  ) {}

  async pick({ tags, count, exclude, own = [] }: PickInput): Promise<Question[]> {
    const pools = new Map<string, Question[]>();
    for (const q of unasked(own, exclude)) {
      const key = tagKey(q.category);
      pools.set(key, [...(pools.get(key) ?? []), q]);
    }
    const plan = ownPlan(tags, count, (tag) => pools.get(tagKey(tag))?.length ?? 0);
    if (plan.own.length === 0) return this.inner.pick({ tags, count, exclude });

    const picked = plan.own.flatMap((p) => shuffled(pools.get(tagKey(p.tag))!, this.random).slice(0, p.count));
    const rest = plan.rest.count > 0 ? await this.inner.pick({ tags: plan.rest.tags, count: plan.rest.count, exclude: [...exclude, ...picked.map((q) => q.question)] }) : [];
    return interleave([...picked, ...rest], tags).slice(0, count);
  }
}
