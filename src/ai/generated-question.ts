// What an AI-written question must look like before a lobby may ask it. The model's output is
// outside input: each item is checked on its own, and a bad item is dropped, not the whole batch.
import { z } from "zod";
import { plain } from "../game/same-question";
import type { Question } from "../game/types";

export const MAX_ANSWER_CHARS = 30;
export const MAX_ANSWER_WORDS = 4;
const MAX_ALIASES = 8;

const words = (s: string) => s.split(/\s+/).filter(Boolean).length;


/** An answer players can type on a phone: short, a few words, some letters or digits. */
export const shortAnswer = z
  .string()
  .trim()
  .min(1)
  .max(MAX_ANSWER_CHARS)
  .refine((s) => words(s) <= MAX_ANSWER_WORDS, "answer longer than 4 words")
  .refine((s) => plain(s) !== "", "answer has no letters or digits")
  .refine((s) => !/[\n\r\t]/.test(s), "answer spans lines");

export const generatedQuestionSchema = z
  .object({
    category: z.string().trim().min(1).max(40),
    question: z.string().trim().min(10).max(300),
    answer: shortAnswer,
    // A bad alias costs only itself: the question stays if its answer is good.
    aliases: z
      .array(z.unknown())
      .max(20)
      .default([])
      .transform((items) => items.flatMap((a) => (shortAnswer.safeParse(a).success ? [String(a).trim()] : []))),
  })
  // A question that states its own answer gives the round away.
  .refine((q) => !` ${plain(q.question)} `.includes(` ${plain(q.answer)} `), "question contains its answer")
  .transform((q): Question => {
    const seen = new Set([plain(q.answer)]);
    const aliases = q.aliases.filter((a) => {
      const key = plain(a);
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
    return { category: q.category, question: q.question, answer: q.answer, aliases: aliases.slice(0, MAX_ALIASES) };
  });

/** The envelope: anything else (no list, a string, a number) is a malformed reply. */
export const questionBatchSchema = z.object({ questions: z.array(z.unknown()).max(200) });

/** The tool's input schema, in the subset strict tool use accepts; limits zod checks are in prose. */
export function questionToolSchema(topics: string[]) {
  return {
    type: "object" as const,
    properties: {
      questions: {
        type: "array",
        minItems: 1,
        items: {
          type: "object",
          properties: {
            category: { type: "string", enum: topics, description: "Exactly the topic this question was written for." },
            question: { type: "string", description: "The question, 10-300 characters, one clear fact." },
            answer: { type: "string", description: `The one correct answer: at most ${MAX_ANSWER_WORDS} words and ${MAX_ANSWER_CHARS} characters, no explanation.` },
            aliases: {
              type: "array",
              items: { type: "string" },
              description: "Other ways of writing the same answer a fair quizmaster accepts (short forms, surnames, numerals); up to 5, may be empty.",
            },
          },
          required: ["category", "question", "answer", "aliases"],
          additionalProperties: false,
        },
      },
    },
    required: ["questions"],
    additionalProperties: false,
  };
}
