// Questions from the bank. Tags that name bank categories (ignoring case) are served from those
// categories, taking turns; other tags are served by General. No question repeats in a lobby while
// the bank still has unasked ones.
import { unasked } from "../game/same-question";
import { tagKey } from "../game/settings";
import type { Question } from "../game/types";
import type { PickInput, QuestionSource } from "../lobbies/seams";
import { roundRobin } from "./question-plan";

export const GENERAL = "General";

export function shuffled<T>(items: readonly T[], random: () => number): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

/** The bank, or how to read it: the server reads it at its first use (docs/decisions.md "What a quiet server holds"). */
export type Bank = readonly Question[] | (() => readonly Question[]);

export class OfflineQuestions implements QuestionSource {
  private read: { bank: readonly Question[]; byCategory: Map<string, Question[]> } | null = null;

  constructor(
    private readonly source: Bank,
    private readonly random: () => number = Math.random,
  ) {}

  private get bank(): readonly Question[] {
    return this.loaded().bank;
  }

  private get byCategory(): Map<string, Question[]> {
    return this.loaded().byCategory;
  }

  private loaded() {
    if (this.read) return this.read;
    const bank = typeof this.source === "function" ? this.source() : this.source;
    const byCategory = new Map<string, Question[]>();
    for (const q of bank) {
      const key = tagKey(q.category);
      byCategory.set(key, [...(byCategory.get(key) ?? []), q]);
    }
    return (this.read = { bank, byCategory });
  }

  /** The bank's categories matching these tags; General when none match. */
  categoriesFor(tags: readonly string[]): string[] {
    const known = [...new Set(tags.map(tagKey).filter((t) => this.byCategory.has(t)))];
    return known.length ? known : [tagKey(GENERAL)];
  }

  hasCategory(tag: string): boolean {
    return this.byCategory.has(tagKey(tag));
  }

  /** The bank's categories, each as its first question spells it. */
  categories(): string[] {
    return [...this.byCategory.values()].map((qs) => qs[0]!.category);
  }

  async pick({ tags, count, exclude }: PickInput): Promise<Question[]> {
    const fresh = (qs: readonly Question[]) => unasked(qs, exclude);
    const pools = this.categoriesFor(tags).map((c) => shuffled(fresh(this.byCategory.get(c) ?? []), this.random));
    // Turns across the chosen categories, so a game on three tags mixes all three.
    const picked = roundRobin(pools).slice(0, count);
    // A long-lived lobby that has asked everything in its categories falls back to the rest of
    // the bank, and only then to repeats.
    const rest = unasked([...shuffled(fresh(this.bank), this.random), ...shuffled(this.bank, this.random)], picked.map((q) => q.question));
    return [...picked, ...rest.slice(0, Math.max(0, count - picked.length))];
  }
}
