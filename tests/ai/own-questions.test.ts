// A lobby's own questions as a game reads them: how rounds are shared among tags (ownPlan), the
// source that asks own questions first and fills the rest from the real bank, and the words the
// settings panel uses to say where each tag's questions come from.
import { describe, expect, test } from "bun:test";
import { join } from "node:path";
import { tmpdir } from "node:os";
import { loadBank } from "../../src/ai/bank";
import { OfflineQuestions } from "../../src/ai/offline-source";
import { OwnQuestionsFirst } from "../../src/ai/own-first";
import { ownPlan } from "../../src/ai/question-plan";
import { tagSources, type OwnQuestionView, type QuestionBook } from "../../src/ai/tag-sources";
import type { Question } from "../../src/game/types";

const bank = loadBank(join(tmpdir(), "stealmate-no-such-dir"), () => {});
const bankCategories = new OfflineQuestions(bank).categories();

const own = (category: string, n: number): Question => ({ category, question: `Own question ${n} about ${category}?`, answer: `Own answer ${n}`, aliases: [] });
const many = (category: string, count: number, from = 1) => Array.from({ length: count }, (_, i) => own(category, from + i));
const counts = (left: Record<string, number>) => (tag: string) => left[tag.toLowerCase()] ?? 0;

describe("ownPlan", () => {
  test("tags without own questions: the whole game goes to the bank or AI", () => {
    expect(ownPlan(["Science", "General"], 7, counts({}))).toEqual({ own: [], share: 0, rest: { tags: ["Science", "General"], count: 7 } });
  });

  test("only own tags: they take every round while they last, turn by turn, and the rest goes to the same tags", () => {
    expect(ownPlan(["Cats", "Dogs"], 5, counts({ cats: 10, dogs: 10 }))).toEqual({ own: [{ tag: "Cats", count: 3 }, { tag: "Dogs", count: 2 }], share: 5, rest: { tags: ["Cats", "Dogs"], count: 0 } });
    // Dogs runs out: Cats carries on, then the game falls back to the tags' other sources.
    expect(ownPlan(["Cats", "Dogs"], 7, counts({ cats: 4, dogs: 1 }))).toEqual({ own: [{ tag: "Cats", count: 4 }, { tag: "Dogs", count: 1 }], share: 7, rest: { tags: ["Cats", "Dogs"], count: 2 } });
  });

  test("beside other tags, own tags get their even share, and what they lack goes to the other tags", () => {
    expect(ownPlan(["Cats", "Science"], 6, counts({ cats: 10 }))).toEqual({ own: [{ tag: "Cats", count: 3 }], share: 3, rest: { tags: ["Science"], count: 3 } });
    expect(ownPlan(["Cats", "Science"], 6, counts({ cats: 1 }))).toEqual({ own: [{ tag: "Cats", count: 1 }], share: 3, rest: { tags: ["Science"], count: 5 } });
  });

  test("tags are read as the game reads them: trimmed, repeats ignoring case dropped", () => {
    expect(ownPlan([" cats ", "CATS", ""], 2, counts({ cats: 5 })).own.map((p) => [p.tag.toLowerCase(), p.count])).toEqual([["cats", 2]]);
  });
});

describe("OwnQuestionsFirst over the real bank", () => {
  const source = new OwnQuestionsFirst(new OfflineQuestions(bank));

  test("a game on the lobby's own category asks only those, never one already asked", async () => {
    const mine = many("90s Movies", 6);
    const picked = await source.pick({ tags: ["90s movies"], count: 4, exclude: [mine[0]!.question, mine[1]!.question.toUpperCase()], own: mine });
    expect(picked.map((q) => q.question).sort()).toEqual(mine.slice(2).map((q) => q.question).sort());
  });

  test("with fewer own questions than rounds, the rest come from General (no bank category, no AI)", async () => {
    const picked = await source.pick({ tags: ["90s Movies"], count: 7, exclude: [], own: many("90s Movies", 3) });
    expect(picked).toHaveLength(7);
    expect(picked.filter((q) => q.category === "90s Movies")).toHaveLength(3);
    expect(picked.filter((q) => q.category === "General")).toHaveLength(4);
    expect(new Set(picked.map((q) => q.question)).size).toBe(7);
  });

  test("own questions named like a bank category come first, then that category of the bank", async () => {
    const picked = await source.pick({ tags: ["Science"], count: 5, exclude: [], own: many("science", 2) });
    expect(picked.filter((q) => q.question.startsWith("Own question"))).toHaveLength(2);
    expect(picked.every((q) => q.category.toLowerCase() === "science")).toBe(true);
  });

  test("beside a bank tag, own and bank questions take turns", async () => {
    const picked = await source.pick({ tags: ["Cats", "History"], count: 4, exclude: [], own: many("Cats", 5) });
    expect(picked.map((q) => q.category)).toEqual(["Cats", "History", "Cats", "History"]);
  });

  test("own questions of other categories, or none at all, change nothing", async () => {
    const picked = await source.pick({ tags: ["History"], count: 3, exclude: [], own: many("Cats", 5) });
    expect(picked.every((q) => q.category === "History")).toBe(true);
    expect(await source.pick({ tags: ["History"], count: 3, exclude: [] })).toHaveLength(3);
  });
});

describe("tagSources: where each tag's questions come from", () => {
  let id = 0;
  const view = (q: Question, asked = false): OwnQuestionView => ({ id: ++id, ...q, asked });
  const book = (questions: OwnQuestionView[], ai = false): QuestionBook => ({ questions, bank: bankCategories, ai });

  test("the bank, the lobby's own, or General instead, tag by tag", () => {
    const report = tagSources(["90s Movies", "Science", "Knitting"], 6, book(many("90s Movies", 5).map((q) => view(q))));
    expect(report.tags).toEqual([
      { tag: "90s Movies", kind: "own", text: "your own questions (5)" },
      { tag: "Science", kind: "bank", text: "the built-in bank" },
      { tag: "Knitting", kind: "none", text: "no questions for this tag, Science instead" },
    ]);
    expect(report.note).toBeNull();
    expect(tagSources(["Knitting"], 6, book([])).tags).toEqual([{ tag: "Knitting", kind: "none", text: "no questions for this tag, General instead" }]);
  });

  test("with a key, tags the bank lacks are written by the AI", () => {
    expect(tagSources(["Knitting", "History"], 6, book([], true)).tags.map((t) => t.text)).toEqual(["written by the AI", "the built-in bank"]);
  });

  test("too few own questions for their rounds: the panel says how many rounds come from where", () => {
    const report = tagSources(["90s Movies"], 7, book(many("90s Movies", 3).map((q) => view(q))));
    expect(report.note).toBe("3 of your questions left; 4 rounds will come from General");
    expect(tagSources(["90s Movies", "History"], 6, book(many("90s Movies", 1).map((q) => view(q)))).note).toBe("1 of your questions left; 2 rounds will come from History");
    expect(tagSources(["Space"], 4, book(many("space", 1).map((q) => view(q)))).note).toBe("1 of your questions left; 3 rounds will come from Space");
    expect(tagSources(["Knitting"], 3, book(many("knitting", 2).map((q) => view(q)), true)).note).toBe("2 of your questions left; 1 round will come from the AI");
  });

  test("asked questions do not count, and a tag whose questions were all asked says so", () => {
    const mine = many("Cats", 3);
    const partly = tagSources(["Cats"], 1, book([view(mine[0]!, true), view(mine[1]!), view(mine[2]!)]));
    expect(partly.tags[0]!.text).toBe("your own questions (2 of 3 not asked yet)");
    const spent = tagSources(["Cats"], 1, book(mine.map((q) => view(q, true))));
    expect(spent.tags[0]).toEqual({ tag: "Cats", kind: "none", text: "no questions for this tag, General instead (your 3 questions here were all asked)" });
  });
});
