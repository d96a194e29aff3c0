// The comparable forms of a guess and of an answer. A guess gets several readings (as typed,
// without filler, without a foreign article or a title) and matching any one of them is enough;
// an answer gets only the readings that keep it the same thing, and its other names.
import { canonical, isNumberToken } from "./canonical";
import { countryForms } from "./country-names";
import { equivalentForms } from "./equivalents";
import { FOREIGN_ARTICLES, HONORIFICS, dropLeading, dropNameSuffix, stripFiller } from "./filler";
import { answerWithoutKind, dropDescriptor } from "./generic";
import { fold, tokenize } from "./normalize";
import { quantityWordsToDigits } from "./quantity-words";
import type { QuestionContext } from "./question";

/**
 * The answer's own spellings, then its other names ("JFK", "Honest Abe", "Czech Republic"), each
 * once, and names that count only as typed (a country's names in other languages).
 */
export function answerForms(answer: string, question: QuestionContext): { forms: string[][]; otherNames: string[][]; exactNames: string[][] } {
  const base = canonical(tokenize(fold(answer)));
  const forms = unique([base, dropLeading(base, HONORIFICS, 2), answerWithoutKind(base) ?? base, dropNameSuffix(base) ?? base]);
  const own = new Set(forms.map((form) => form.join(" ")));
  const country = countryForms(answer, question);
  const otherNames = unique([...forms.flatMap((form) => equivalentForms(form, question)), ...country.english]).filter((name) => !own.has(name.join(" ")));
  return { forms, otherNames, exactNames: country.foreign };
}

export function guessForms(guess: string): string[][] {
  const typed = tokenize(fold(guess));
  const unfilled = stripFiller(typed);
  const quantity = quantityWordsToDigits(unfilled);
  const readings = [typed, unfilled, dropLeading(unfilled, FOREIGN_ARTICLES), dropLeading(unfilled, HONORIFICS), ...(quantity ? [quantity] : [])]
    .map((reading) => withoutYearWords(canonical(reading)));
  return unique([...readings, ...readings.map((reading) => dropDescriptor(reading) ?? reading)]);
}

const YEAR_WORDS = new Set(["in", "year"]);

/** "in 1969", "the year 1969" and "in the year 1969" answer "when"-questions as well as "1969" does. */
function withoutYearWords(tokens: string[]): string[] {
  const number = tokens.findIndex(isNumberToken);
  const lead = tokens.slice(0, number);
  return number > 0 && number === tokens.length - 1 && lead.every((word) => YEAR_WORDS.has(word)) ? tokens.slice(number) : tokens;
}

function unique(forms: string[][]): string[][] {
  const seen = new Map<string, string[]>();
  for (const form of forms) if (form.length > 0) seen.set(form.join(" "), form);
  return [...seen.values()];
}
