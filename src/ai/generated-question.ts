// What an AI-written question must look like before a lobby may ask it. The model's output is
// outside input: each item is checked on its own, and a bad item is dropped, not the whole batch.
import { z } from "zod";
import { questionInputSchema, QUESTION_LIMITS, TYPEABLE_ANSWER } from "../game/schemas";
import { plain } from "../game/same-question";
import type { Question } from "../game/types";

/** Of the accepted answers the model offers, the ones kept. */
const MAX_ALIASES = 8;

const words = (s: string) => s.split(/\s+/).filter(Boolean).length;
const fields = questionInputSchema.shape;

/** An answer as every question's is, and one players can type on a phone: a few words, some letters or digits, one line. */
export const shortAnswer = z
  .string()
  .trim()
  .refine((s) => !/[\n\r\t]/.test(s), "answer spans lines")
  .pipe(fields.answer)
  .refine((s) => s.length <= TYPEABLE_ANSWER.chars, `answer longer than ${TYPEABLE_ANSWER.chars} characters`)
  .refine((s) => words(s) <= TYPEABLE_ANSWER.words, `answer longer than ${TYPEABLE_ANSWER.words} words`)
  .refine((s) => plain(s) !== "", "answer has no letters or digits");

export const generatedQuestionSchema = z
  .object({
    category: fields.category,
    question: fields.question,
    answer: shortAnswer,
    // A bad alias costs only itself: the question stays if its answer is good.
    aliases: z
      .array(z.unknown())
      .max(QUESTION_LIMITS.aliases)
      .default([])
      .transform((items) => items.flatMap((a) => {
        const alias = shortAnswer.safeParse(a);
        return alias.success ? [alias.data] : [];
      })),
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

/**
 * The tool's input schema: zod's JSON Schema of the question's own fields (their input side: the
 * subset strict tool use accepts), each told in prose what zod checks of it.
 */
export function questionToolSchema(topics: string[]) {
  const item = z.strictObject({
    category: z.enum(topics).describe("Exactly the topic this question was written for."),
    question: fields.question.describe(`The question, ${QUESTION_LIMITS.questionMin}-${QUESTION_LIMITS.question} characters, one clear fact.`),
    answer: shortAnswer.describe(`The one correct answer: at most ${TYPEABLE_ANSWER.words} words and ${TYPEABLE_ANSWER.chars} characters, no explanation.`),
    aliases: z.array(z.string()).describe("Other ways of writing the same answer a fair quizmaster accepts (short forms, surnames, numerals); up to 5, may be empty."),
  });
  const { $schema: _dialect, ...schema } = z.toJSONSchema(z.strictObject({ questions: z.array(item).min(1) }), { io: "input" });
  return schema as typeof schema & { type: "object" };
}
