// The one spelling both sides of a comparison share: digits for numbers (signed, and marked "bc"
// before the common era), one id per unit, "saint" for "St", no "the", no leading "a"/"an".
import { ABBREVIATIONS, ENGLISH_ARTICLES, TRAILING_ABBREVIATIONS, dropLeading } from "./filler";
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

/** "St Lucia", "Mt. St. Helens", "Ft Knox" before a name, "Baker St" after one; "3 ft tall" is a unit. */
function spelledOut(token: string, i: number, tokens: string[]): string {
  const next = tokens[i + 1];
  if (i > 0 && isNumberToken(tokens[i - 1]!)) return token;
  if (next === undefined) return (i > 0 && TRAILING_ABBREVIATIONS[token]) || token;
  if (/^\p{L}/u.test(next) && ABBREVIATIONS[token]) return ABBREVIATIONS[token]!;
  // "rock 'n' roll", "Guns N' Roses": a lone "n" between words stands for "and".
  return token === "n" && i > 0 ? "and" : token;
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
