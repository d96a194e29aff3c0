// The one rule for "the same question" (src/game/same-question.ts), which the rules, the bank, the
// lobby's own questions and the AI's batches all go by.
import { expect, test } from "bun:test";
import { questionKey, unasked } from "../../src/game/same-question";

const q = (question: string) => ({ question });

test("case, accents, punctuation and spacing do not make a new question", () => {
  expect(questionKey("  Who painted the Mona Lisa? ")).toBe(questionKey("who PAINTED the mona-lisa"));
  expect(questionKey("Où est Zürich?")).toBe(questionKey("ou est zurich"));
  expect(questionKey("What is 2 + 2?")).not.toBe(questionKey("What is 2 + 3?"));
});

test("unasked keeps the order, drops asked texts and second copies", () => {
  const questions = [q("Capital of France?"), q("capital of FRANCE"), q("Largest ocean?"), q("Smallest planet?")];
  expect(unasked(questions)).toEqual([q("Capital of France?"), q("Largest ocean?"), q("Smallest planet?")]);
  expect(unasked(questions, ["largest   ocean"])).toEqual([q("Capital of France?"), q("Smallest planet?")]);
});
