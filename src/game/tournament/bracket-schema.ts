// The bracket's shape (docs/contract.md "The lobby object"): rounds of matches { a, b, winner },
// a null side being a bye in the first round or a place not yet filled later on.
import { z } from "zod";

/** A live match's questions won by each side, and how many questions it has played. */
export const matchScoreSchema = z.object({ a: z.number().int().min(0), b: z.number().int().min(0), questions: z.number().int().min(0) });

/** `score`: the questions each side has won, once the match has played one (absent for a bye or a match not begun). */
export const bracketMatchSchema = z.object({
  a: z.string().nullable(),
  b: z.string().nullable(),
  winner: z.string().nullable(),
  score: matchScoreSchema.optional(),
});

export const bracketSchema = z.object({ rounds: z.array(z.array(bracketMatchSchema)) });

export type BracketMatch = z.infer<typeof bracketMatchSchema>;
export type Bracket = z.infer<typeof bracketSchema>;
export type MatchScore = z.infer<typeof matchScoreSchema>;
