// How a game's rounds are shared among a lobby's tags. Pure, and loaded by the lobby page too: the
// settings panel tells the host where each tag's questions will come from with the same plan the
// server picks by, so what it says is what the game does.
import { tagKey } from "../game/settings";
import type { Question } from "../game/types";

export interface TopicPlan {
  tag: string;
  count: number;
}

/** The tags as a game reads them: trimmed, blank ones and repeats dropped (the first spelling kept, as the settings do). */
export function uniqueTags(tags: readonly string[]): string[] {
  const seen = new Set<string>();
  return tags.map((t) => t.trim()).filter((t) => t && !seen.has(tagKey(t)) && Boolean(seen.add(tagKey(t))));
}

/** Spreads a game's rounds over its topics as evenly as possible, in the order given. */
export function spread(tags: readonly string[], count: number): TopicPlan[] {
  return tags.map((tag, i) => ({ tag, count: Math.floor(count / tags.length) + (i < count % tags.length ? 1 : 0) })).filter((p) => p.count > 0);
}

/** First of each list, then second of each, ...: a game on three topics mixes all three. */
export function roundRobin<T>(lists: readonly (readonly T[])[]): T[] {
  const out: T[] = [];
  for (let i = 0; lists.some((l) => i < l.length); i++) for (const l of lists) if (i < l.length) out.push(l[i]!);
  return out;
}

export interface OwnPlan {
  /** rounds asked from the lobby's own questions, per tag */
  own: TopicPlan[];
  /** the rounds the tags with own questions would get if those never ran out */
  share: number;
  /** what the rest of the game asks of the bank or the AI: the tags without own questions, or all tags when every tag has some */
  rest: { tags: string[]; count: number };
}

/**
 * Tags with unasked questions of the lobby's own (`left` counts them, by tag) are asked from those
 * while they last. On their own they take the whole game; beside other tags, their even share of it.
 * What they cannot fill goes to the other tags, or, when there are none, to the bank's category of
 * the same name, the AI or General, as for any tag.
 */
export function ownPlan(tags: readonly string[], count: number, left: (tag: string) => number): OwnPlan {
  const all = uniqueTags(tags);
  const ownTags = all.filter((t) => left(t) > 0);
  const others = all.filter((t) => left(t) <= 0);
  if (ownTags.length === 0 || count <= 0) return { own: [], share: 0, rest: { tags: all, count: Math.max(0, count) } };
  const share = others.length ? spread(all, count).filter((p) => ownTags.includes(p.tag)).reduce((n, p) => n + p.count, 0) : count;
  // Turn by turn across the own tags, so one that runs out leaves its rounds to the others.
  const taken = new Map(ownTags.map((t) => [t, 0]));
  let total = 0;
  for (let moved = true; moved && total < share; ) {
    moved = false;
    for (const tag of ownTags) {
      if (total >= share || taken.get(tag)! >= left(tag)) continue;
      taken.set(tag, taken.get(tag)! + 1);
      total++;
      moved = true;
    }
  }
  return {
    own: ownTags.map((tag) => ({ tag, count: taken.get(tag)! })).filter((p) => p.count > 0),
    share,
    rest: { tags: others.length ? others : all, count: count - total },
  };
}

/** Mixes a game's questions by category, in the lobby's tag order, so no topic comes in one block. */
export function interleave(questions: readonly Question[], tagOrder: readonly string[]): Question[] {
  const groups = new Map<string, Question[]>(tagOrder.map((t) => [tagKey(t), []]));
  for (const q of questions) {
    const key = tagKey(q.category);
    groups.set(key, [...(groups.get(key) ?? []), q]);
  }
  return roundRobin([...groups.values()]);
}
