// The offline bank is the game when there is no key, and the fallback when the AI fails: it must
// be big, varied, typable, unambiguous, and extendable by a host's question packs.
import { afterAll, describe, expect, test } from "bun:test";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { loadBank } from "../../src/ai/bank";
import { OfflineQuestions } from "../../src/ai/offline-source";
import { recordingLog } from "./helpers";

const builtIn = loadBank(join(tmpdir(), "stealmate-no-such-dir"), () => {});
const byCategory = Map.groupBy(builtIn, (q) => q.category.toLowerCase());

describe("built-in bank", () => {
  test("has at least 500 unique questions in at least 15 categories, General among them", () => {
    expect(builtIn.length).toBeGreaterThanOrEqual(500);
    expect(new Set(builtIn.map((q) => q.question.trim().toLowerCase())).size).toBe(builtIn.length);
    expect(byCategory.size).toBeGreaterThanOrEqual(15);
    expect(byCategory.has("general")).toBe(true);
  });

  test("every category is reachable by picking with its tag", async () => {
    const source = new OfflineQuestions(builtIn);
    for (const [key, qs] of byCategory) {
      const tag = qs[0]!.category;
      expect(source.hasCategory(tag)).toBe(true);
      const picked = await source.pick({ tags: [tag.toUpperCase()], count: 5, exclude: [] });
      expect(picked).toHaveLength(5);
      expect(picked.every((q) => q.category.toLowerCase() === key)).toBe(true);
    }
  });

  test("answers are short enough to type: at most 30 characters and 4 words", () => {
    const long = builtIn.filter((q) => q.answer.length > 30 || q.answer.trim().split(/\s+/).length > 4);
    expect(long.map((q) => q.answer)).toEqual([]);
  });

  test("no alias is another question's answer in the same category", () => {
    const clashes: string[] = [];
    for (const qs of byCategory.values()) {
      for (const q of qs) {
        for (const alias of q.aliases) {
          const other = qs.find((o) => o !== q && o.answer.toLowerCase() === alias.toLowerCase());
          if (other) clashes.push(`${q.question} [${alias}] = answer of ${other.question}`);
        }
      }
    }
    expect(clashes).toEqual([]);
  });
});

describe("question packs", () => {
  const dataDir = mkdtempSync(join(tmpdir(), "stealmate-packs-"));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
  mkdirSync(join(dataDir, "questions"));
  const pack = {
    questions: [
      { category: "Board Games", question: "How many squares are on a chess board?", answer: "64", aliases: ["sixty-four"] },
      { category: "Board Games", question: "Which game has properties called Boardwalk and Park Place?", answer: "Monopoly" },
    ],
  };
  writeFileSync(join(dataDir, "questions", "board.json"), JSON.stringify(pack));
  writeFileSync(join(dataDir, "questions", "broken.json"), '{"questions": [ {"category": "X"');
  writeFileSync(join(dataDir, "questions", "wrong-shape.json"), JSON.stringify({ questions: [{ category: "X", question: "?", answer: "" }] }));
  writeFileSync(join(dataDir, "questions", "notes.txt"), "not a pack");

  test("a pack in DATA_DIR/questions is loaded and its category can be picked", async () => {
    const { log } = recordingLog();
    const bank = loadBank(dataDir, log);
    expect(bank.length).toBe(builtIn.length + 2);
    const source = new OfflineQuestions(bank);
    expect(source.hasCategory("board games")).toBe(true);
    const picked = await source.pick({ tags: ["Board Games"], count: 2, exclude: [] });
    expect(picked.map((q) => q.answer).sort()).toEqual(["64", "Monopoly"]);
    // A missing aliases list means none.
    expect(bank.find((q) => q.answer === "Monopoly")!.aliases).toEqual([]);
  });

  test("malformed packs are skipped with a log line each; the rest still loads", () => {
    const { lines, log } = recordingLog();
    const bank = loadBank(dataDir, log);
    expect(bank.some((q) => q.category === "X")).toBe(false);
    expect(lines).toHaveLength(2);
    expect(lines.some((l) => l.includes("broken.json"))).toBe(true);
    expect(lines.some((l) => l.includes("wrong-shape.json"))).toBe(true);
  });
});
