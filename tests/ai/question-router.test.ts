// The app's question source with the real bank and the real SDK against the fake server: bank
// tags from the bank, other tags from the AI, and every AI failure made up from the bank with
// exactly one log line.
import { afterAll, beforeEach, describe, expect, test } from "bun:test";
import { AnthropicQuestions } from "../../src/ai/anthropic-questions";
import { makeClient } from "../../src/ai/anthropic-tool";
import { loadBank } from "../../src/ai/bank";
import { OfflineQuestions } from "../../src/ai/offline-source";
import { makeAi } from "../../src/ai/providers";
import { QuestionRouter } from "../../src/ai/question-router";
import { startFakeAnthropic, status, text, tool } from "../support/fake-anthropic";
import { aiConfig, item, recordingLog } from "./helpers";

const bank = loadBank("/nonexistent-data-dir", () => {});
const fake = startFakeAnthropic();
afterAll(() => fake.close());
beforeEach(() => fake.reset());

function router(over: Parameters<typeof aiConfig>[1] = {}) {
  const { lines, log } = recordingLog();
  const ai = new AnthropicQuestions(makeClient(aiConfig(fake.url, over)));
  return { lines, source: new QuestionRouter(new OfflineQuestions(bank), ai, log) };
}

const categories = (qs: { category: string }[]) => [...new Set(qs.map((q) => q.category))].sort();

describe("QuestionRouter", () => {
  test("tags the bank holds come from the bank, with no AI call", async () => {
    const { source, lines } = router();
    const qs = await source.pick({ tags: ["history", "Space"], count: 8, exclude: [] });
    expect(qs).toHaveLength(8);
    expect(categories(qs)).toEqual(["History", "Space"]);
    expect(fake.requests).toHaveLength(0);
    expect(lines).toEqual([]);
  });

  test("tags the bank lacks are written by the AI, in one call per game", async () => {
    const { source, lines } = router();
    fake.reply(tool("submit_questions", { questions: [1, 2, 3, 4, 5, 6, 7, 8].map((n) => item(n % 2 ? "Taylor Swift" : "Cheese", n)) }));
    const qs = await source.pick({ tags: ["Taylor Swift", "Cheese"], count: 6, exclude: [] });
    expect(fake.requests).toHaveLength(1);
    expect(qs).toHaveLength(6);
    expect(categories(qs)).toEqual(["Cheese", "Taylor Swift"]);
    expect(lines).toEqual([]);
  });

  test("a lobby with both kinds mixes bank and AI questions, asking the AI only for its share", async () => {
    const { source } = router();
    fake.reply(tool("submit_questions", { questions: [1, 2, 3, 4].map((n) => item("Taylor Swift", n)) }));
    const qs = await source.pick({ tags: ["History", "Taylor Swift"], count: 6, exclude: [] });
    expect(qs).toHaveLength(6);
    expect(qs.map((q) => q.category)).toEqual(["History", "Taylor Swift", "History", "Taylor Swift", "History", "Taylor Swift"]);
    const user: string = fake.requests[0]!.body.messages[0].content;
    expect(user).toContain('[{"topic":"Taylor Swift","count":4}]');
    expect(user).not.toContain("History");
  });

  test("a malformed reply falls back to the bank (General for unknown tags) with one log line", async () => {
    const { source, lines } = router();
    fake.reply(text("Sure! Here are some questions: 1. ..."));
    const qs = await source.pick({ tags: ["Taylor Swift"], count: 5, exclude: [] });
    expect(qs).toHaveLength(5);
    expect(categories(qs)).toEqual(["General"]);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain("malformed");
  });

  test("a short reply is topped up from the bank with one log line", async () => {
    const { source, lines } = router();
    fake.reply(tool("submit_questions", { questions: [item("Taylor Swift", 1), item("Taylor Swift", 2, { answer: "far far too many words here" })] }));
    const qs = await source.pick({ tags: ["Taylor Swift"], count: 4, exclude: [] });
    expect(qs).toHaveLength(4);
    expect(qs.filter((q) => q.category === "Taylor Swift")).toHaveLength(1);
    expect(qs.filter((q) => q.category === "General")).toHaveLength(3);
    expect(lines).toEqual([`questions: AI wrote 1 of 4 for ["Taylor Swift"]; the rest come from the bank`]);
  });

  test("when the AI fails in a mixed lobby, its share comes from the lobby's bank tags", async () => {
    const { source, lines } = router();
    fake.reply(tool("submit_questions", { questions: "oops" }));
    const qs = await source.pick({ tags: ["Science", "Taylor Swift"], count: 6, exclude: [] });
    expect(qs).toHaveLength(6);
    expect(categories(qs)).toEqual(["Science"]);
    expect(lines).toHaveLength(1);
  });

  test("a timeout falls back to the bank within the budget", async () => {
    const { source, lines } = router({ AI_TIMEOUT_MS: 300 });
    fake.reply(tool("submit_questions", { questions: [item("Taylor Swift", 1)] }, 3000));
    const started = performance.now();
    const qs = await source.pick({ tags: ["Taylor Swift"], count: 3, exclude: [] });
    expect(performance.now() - started).toBeLessThan(1500);
    expect(qs).toHaveLength(3);
    expect(categories(qs)).toEqual(["General"]);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain("timed out");
  });

  for (const code of [429, 500]) {
    test(`HTTP ${code} falls back to the bank with one log line (after the SDK's one retry)`, async () => {
      const { source, lines } = router();
      fake.reply(status(code), status(code));
      const qs = await source.pick({ tags: ["Taylor Swift"], count: 3, exclude: [] });
      expect(qs).toHaveLength(3);
      expect(categories(qs)).toEqual(["General"]);
      expect(fake.requests).toHaveLength(2);
      expect(lines).toEqual([`questions: AI failed (HTTP ${code}) for ["Taylor Swift"]; using the bank`]);
    });
  }

  test("a retry that succeeds is not a failure", async () => {
    const { source, lines } = router();
    fake.reply(status(429), tool("submit_questions", { questions: [1, 2].map((n) => item("Taylor Swift", n)) }));
    const qs = await source.pick({ tags: ["Taylor Swift"], count: 2, exclude: [] });
    expect(categories(qs)).toEqual(["Taylor Swift"]);
    expect(lines).toEqual([]);
  });

  test("never repeats a question within a lobby, AI or bank", async () => {
    const { source } = router();
    const asked: string[] = [];
    for (let game = 0; game < 3; game++) {
      // The model repeats itself every game; the router must not.
      fake.reply(tool("submit_questions", { questions: [1, 2, 3].map((n) => item("Taylor Swift", n + game)) }));
      const qs = await source.pick({ tags: ["History", "Taylor Swift"], count: 6, exclude: asked });
      expect(qs).toHaveLength(6);
      asked.push(...qs.map((q) => q.question));
    }
    expect(new Set(asked.map((q) => q.toLowerCase())).size).toBe(asked.length);
  });

  test("without a key, unknown tags are served by General from the bank", async () => {
    const { log, lines } = recordingLog();
    const { questions } = await makeAi({ AI_MODEL: "m", AI_TIMEOUT_MS: 1000, ANTHROPIC_BASE_URL: fake.url }, bank, log);
    const qs = await questions.pick({ tags: ["Taylor Swift"], count: 5, exclude: [] });
    expect(categories(qs)).toEqual(["General"]);
    const mixed = await questions.pick({ tags: ["Taylor Swift", "Art"], count: 4, exclude: [] });
    expect(categories(mixed)).toEqual(["Art"]);
    expect(fake.requests).toHaveLength(0);
    expect(lines).toEqual([]);
  });

  test("with a key, makeAi routes unknown tags to the AI at ANTHROPIC_BASE_URL", async () => {
    const { log } = recordingLog();
    const { questions } = await makeAi(aiConfig(fake.url), bank, log);
    fake.reply(tool("submit_questions", { questions: [1, 2].map((n) => item("Board Games", n)) }));
    const qs = await questions.pick({ tags: ["Board Games"], count: 2, exclude: [] });
    expect(categories(qs)).toEqual(["Board Games"]);
    expect(fake.requests).toHaveLength(1);
  });
});
