// The one spelling both sides of a comparison share: digits for numbers (signed, and marked "bc"
// before the common era), one id per unit, "saint" for a leading "St", no "the", no leading "a"/"an".
import { ENGLISH_ARTICLES, LEADING_ABBREVIATIONS, dropLeading } from "./filler";
import { foldEras, numberWordsToDigits } from "./numbers";
import { romanValue } from "./roman";
import { canonicalUnits, unitOf } from "./units";

export const isNumberToken = (token: string) => /^-?\d/.test(token);

// After a one-letter numeral, only these words keep it a numeral ("Henry V of England").
const AFTER_NUMERAL = new Set(["of", "the", "and"]);

export function canonical(tokens: string[]): string[] {
  const numbered = foldEras(numberWordsToDigits(tokens.map(spelledOut)));
  const united = canonicalUnits(numbered.map(romanAsDigits), isNumberToken);
  const theless = united.filter((token) => token !== "the");
  return dropLeading(theless.length > 0 ? theless : united, ENGLISH_ARTICLES);
}

function spelledOut(token: string, i: number, tokens: string[]): string {
  if (i === 0) return LEADING_ABBREVIATIONS[token] ?? token;
  // "rock 'n' roll", "Guns N' Roses": a lone "n" between words stands for "and".
  return token === "n" && i < tokens.length - 1 ? "and" : token;
}

/**
 * A numeral after a word ("Henry VIII", "Super Bowl L") as digits. Not first, so a leading "I" or
 * "X" stays a letter; not after a unit ("100 degrees C"); and not a lone letter before a name,
 * which is an initial ("Samuel L. Jackson").
 */
function romanAsDigits(token: string, i: number, tokens: string[]): string {
  const previous = tokens[i - 1];
  const next = tokens[i + 1];
  const initial = token.length === 1 && next !== undefined && !AFTER_NUMERAL.has(next);
  const afterWord = previous !== undefined && /^\p{L}+$/u.test(previous) && !unitOf(previous);
  const value = afterWord && !initial ? romanValue(token) : null;
  return value === null ? token : String(value);
}
