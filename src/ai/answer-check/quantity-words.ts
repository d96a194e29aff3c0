// Quantities said another way: "a dozen", "half a dozen", "a score", "a couple", "three quarters",
// "one and a half".
// They become digits only in an extra reading of a guess, never in the answer's own spelling:
// "a pair" answers "How many is a brace?" (2), but "Pair" must still answer "What is a poker hand
// of two cards of one rank called?" when someone types "a pair".
import { fractionText } from "./normalize";

const GROUPS: Record<string, number> = { dozen: 12, score: 20, gross: 144 };
// Only with "a" ("a couple", "a pair"): a bare "couple" or "pair" is a word, not a number.
const PAIRS = new Set(["couple", "pair"]);
const PARTS: Record<string, number> = {
  half: 2, halves: 2, third: 3, thirds: 3, quarter: 4, quarters: 4, fifth: 5, fifths: 5, eighth: 8, eighths: 8, tenth: 10, tenths: 10,
};
const COUNTS: Record<string, number> = { a: 1, an: 1, one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10 };

/** The reading with quantity words as digits, or null when it has none. */
export function quantityWordsToDigits(tokens: string[]): string[] | null {
  const out: string[] = [];
  let changed = false;
  for (let i = 0; i < tokens.length; ) {
    const quantity = quantityAt(tokens, i);
    if (quantity) {
      out.push(quantity.text);
      i = quantity.end;
      changed = true;
    } else {
      out.push(tokens[i]!);
      i += 1;
    }
  }
  return changed ? out : null;
}

function quantityAt(tokens: string[], i: number): { text: string; end: number } | null {
  const [first = "", second = "", third = ""] = tokens.slice(i, i + 3);
  // "half a dozen", "half dozen"
  if (first === "half" && second === "a" && third in GROUPS) return { text: String(GROUPS[third]! / 2), end: i + 3 };
  if (first === "half" && second in GROUPS) return { text: String(GROUPS[second]! / 2), end: i + 2 };
  // "a bakers dozen" (the apostrophe is already gone)
  if ((first === "a" && second === "bakers" && third === "dozen") || (first === "bakers" && second === "dozen")) {
    return { text: "13", end: i + (first === "a" ? 3 : 2) };
  }
  const count = COUNTS[first] ?? (/^\d+$/.test(first) ? Number(first) : undefined);
  // "one and a half", "2 and a half"
  if (count !== undefined && second === "and" && third === "a" && tokens[i + 3] === "half") return { text: String(count + 0.5), end: i + 4 };
  if (count === undefined) return tokens.length === 1 && first === "half" ? { text: fractionText(1, 2), end: i + 1 } : null;
  if (second in GROUPS) return { text: String(count * GROUPS[second]!), end: i + 2 };
  if ((first === "a" || first === "an") && PAIRS.has(second)) return { text: "2", end: i + 2 + (third === "of" ? 1 : 0) };
  const parts = PARTS[second];
  if (parts !== undefined && count < parts) return { text: fractionText(count, parts), end: i + 2 };
  return null;
}
