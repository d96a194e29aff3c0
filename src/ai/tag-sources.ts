// Where each tag's questions will come from, in words for the host's settings panel (docs/decisions.md,
// "Your own questions"). Worked out on the host's page from what GET /api/lobby/questions returns, so it
// follows the tags and rounds as the host edits them, before anything is saved; it reads the same
// plan the server picks by (question-plan.ts).
import { tagKey } from "../game/settings";
import type { OwnQuestion } from "../game/types";
import { ownPlan, uniqueTags } from "./question-plan";

/** A lobby's own question as its host's page holds it; `asked`: a game of this lobby has asked it already, so no game will again. */
export type OwnQuestionView = OwnQuestion & { asked: boolean };

/** What GET /api/lobby/questions tells the host. */
export interface QuestionBook {
  questions: OwnQuestionView[];
  /** the bank's categories */
  bank: string[];
  /** an API key is set: the AI writes questions for tags the bank lacks */
  ai: boolean;
}

export type SourceKind = "own" | "bank" | "ai" | "none";

export interface TagSource {
  tag: string;
  kind: SourceKind;
  text: string;
}

export interface SourcesReport {
  tags: TagSource[];
  /** said when the lobby's own questions cannot fill their share of the game */
  note: string | null;
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;

/** "A", "A and B", "A, B and C" */
function listed(items: readonly string[]): string {
  return items.length < 2 ? (items[0] ?? "") : `${items.slice(0, -1).join(", ")} and ${items.at(-1)}`;
}

export function tagSources(tags: readonly string[], rounds: number, book: QuestionBook): SourcesReport {
  const inBank = new Set(book.bank.map((c) => tagKey(c)));
  const count = (tag: string, unasked: boolean) => book.questions.filter((q) => tagKey(q.category) === tagKey(tag) && !(unasked && q.asked)).length;
  const plan = ownPlan(tags, rounds, (tag) => count(tag, true));

  /** What the bank or the AI serves for these tags: the bank's own categories among them, the AI for the rest, or General. */
  const servedBy = (of: readonly string[]) => {
    const parts = [...of.filter((t) => inBank.has(tagKey(t))), ...(book.ai && of.some((t) => !inBank.has(tagKey(t))) ? ["the AI"] : [])];
    return parts.length ? listed(parts) : "General";
  };

  const report = uniqueTags(tags).map((tag): TagSource => {
    const left = count(tag, true);
    const total = count(tag, false);
    if (left > 0) return { tag, kind: "own", text: `your own questions (${left === total ? left : `${left} of ${total} not asked yet`})` };
    const spent = total > 0 ? ` (your ${plural(total, "question")} here were all asked)` : "";
    if (inBank.has(tagKey(tag))) return { tag, kind: "bank", text: `the built-in bank${spent}` };
    if (book.ai) return { tag, kind: "ai", text: `written by the AI${spent}` };
    return { tag, kind: "none", text: `no questions for this tag, ${servedBy(plan.rest.tags)} instead${spent}` };
  });

  const taken = plan.own.reduce((n, p) => n + p.count, 0);
  const short = plan.share - taken;
  const note = plan.own.length && short > 0 ? `${taken} of your questions left; ${plural(short, "round")} will come from ${servedBy(plan.rest.tags)}` : null;
  return { tags: report, note };
}
