// The comparable forms of a guess and of an answer. A guess gets several readings (as typed,
// without filler, without a foreign article or a title) and matching any one of them is enough;
// an answer gets only the readings that keep it the same thing.
import { fold, tokenize } from "./normalize";
import { numberWordsToDigits } from "./numbers";
import { romanValue } from "./roman";
import {
  ENGLISH_ARTICLES,
  FOREIGN_ARTICLES,
  HONORIFICS,
  LEADING_ABBREVIATIONS,
  dropDescriptor,
  dropLeading,
  dropNameSuffix,
  stripFiller,
} from "./filler";

export const isNumberToken = (token: string) => /^\d/.test(token);

/** Tokens in the one spelling both sides share: digits for numbers, no "the", no leading "a"/"an". */
export function canonical(tokens: string[]): string[] {
  const words = tokens.map((token, i) => {
    if (i === 0) return LEADING_ABBREVIATIONS[token] ?? token;
    // "rock 'n' roll", "Guns N' Roses": a lone "n" between words stands for "and".
    return token === "n" && i < tokens.length - 1 ? "and" : token;
  });
  const numbered = numberWordsToDigits(words);
  const romanFree = numbered.map((token, i) => {
    // Only after a word ("Henry VIII", "Super Bowl LIV"), so a leading "I" or "X" stays a letter.
    const value = i > 0 && /^\p{L}+$/u.test(numbered[i - 1]!) ? romanValue(token) : null;
    return value === null ? token : String(value);
  });
  const theless = romanFree.filter((token) => token !== "the");
  return dropLeading(theless.length > 0 ? theless : romanFree, ENGLISH_ARTICLES);
}

export function answerForms(answer: string): string[][] {
  const base = canonical(tokenize(fold(answer)));
  return unique([base, dropLeading(base, HONORIFICS, 2), dropDescriptor(base) ?? base, dropNameSuffix(base) ?? base]);
}

export function guessForms(guess: string): string[][] {
  const typed = tokenize(fold(guess));
  const unfilled = stripFiller(typed);
  const readings = [typed, unfilled, dropLeading(unfilled, FOREIGN_ARTICLES), dropLeading(unfilled, HONORIFICS)]
    .map((reading) => withoutYearPreposition(canonical(reading)));
  return unique([...readings, ...readings.map((reading) => dropDescriptor(reading) ?? reading)]);
}

/** "in 1969" answers "when"-questions as well as "1969" does. */
function withoutYearPreposition(tokens: string[]): string[] {
  return tokens.length === 2 && tokens[0] === "in" && isNumberToken(tokens[1]!) ? tokens.slice(1) : tokens;
}

function unique(forms: string[][]): string[][] {
  const seen = new Map<string, string[]>();
  for (const form of forms) if (form.length > 0) seen.set(form.join(" "), form);
  return [...seen.values()];
}
