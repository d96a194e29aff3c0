// What the question tells the checker: whether it asks for a person (then a surname alone will
// do) or a quantity (then a bare number may
// leave out the unit), which words and units it uses ("8 legs" answers "how many legs", "8 hours"
// does not answer "how many minutes"), and whether it asks about a word's own form or symbol
// (then "goose" is not "geese", and "gold" is not "Au").
import { canonical } from "./canonical";
import { fold, tokenize } from "./normalize";
import { sharesSingular } from "./plurals";
import { unitOf, type Unit } from "./units";

export type QuestionContext = {
  /** There is a question at all (a bare answer key leaves more to the AI judge). */
  given: boolean;
  /** Asks for a person, so a surname alone names them. */
  person: boolean;
  quantity: boolean;
  /** Asks for a plural or singular: number is the whole point, so no plural leniency. */
  wordForm: boolean;
  /** Asks for a symbol, formula or abbreviation: the names of one thing are not interchangeable. */
  naming: boolean;
  /** Asks about a place: a country's other names name it ("Turkey" in ten-pin bowling has none). */
  place: boolean;
  /** Canonical words of the question. */
  words: string[];
  units: Unit[];
};

const PERSON = new RegExp(
  "\\b(?:who|whom|whose)\\b|\\b(?:which|what|name the|name this|this)\\s+(?:[a-z]+\\s+){0,2}?" +
    "(?:person|man|woman|artist|painter|sculptor|composer|musician|singer|rapper|actor|actress|director|" +
    "scientist|physicist|chemist|biologist|naturalist|botanist|economist|psychologist|mathematician|" +
    "astronomer|inventor|engineer|architect|philosopher|historian|prophet|dictator|ruler|monarch|" +
    "author|writer|novelist|poet|playwright|president|prime minister|king|queen|emperor|pharaoh|" +
    "leader|explorer|astronaut|athlete|player|footballer|general|saint|character|detective)s?\\b",
);
const QUANTITY =
  /\b(?:how (?:many|much|long|far|old|tall|high|big|deep|wide|heavy|fast|hot|cold)|what (?:year|temperature|percentage)|which year|when)\b/;
const WORD_FORM = /\b(?:plural|singular)\b/;
const PLACE = /\b(?:countr(?:y|ies)|nations?|capital|kingdoms?|republics?|islands?|states?|empire|territory|colony|independence|borders?|flag)\b/;
const NAMING = /\b(?:symbol|formula|abbreviat\w*|acronym|initials|stands? for|short for)\b/;

const NO_QUESTION: QuestionContext = { given: false, person: false, quantity: false, wordForm: false, naming: false, place: false, words: [], units: [] };

export function readQuestion(question: string | undefined): QuestionContext {
  if (question === undefined) return NO_QUESTION;
  const folded = fold(question);
  const words = canonical(tokenize(folded));
  return {
    given: true,
    person: PERSON.test(folded),
    quantity: QUANTITY.test(folded),
    wordForm: WORD_FORM.test(folded),
    naming: NAMING.test(folded),
    place: PLACE.test(folded),
    words,
    // Single letters ("vitamin C") are units only right after a number, never in running text.
    units: words.filter((word) => word.length > 1).flatMap((word) => unitOf(word) ?? []),
  };
}

/** True when the question uses this word, in either number ("legs" for "leg"). */
export function mentions(context: QuestionContext, word: string): boolean {
  return context.words.some((used) => sharesSingular(used, word) || unitOf(used)?.id === word);
}

/** True when the question contains these canonical words in a row. */
export function containsPhrase(context: QuestionContext, phrase: string[]): boolean {
  const { words } = context;
  for (let start = 0; start + phrase.length <= words.length; start++) {
    if (phrase.every((word, i) => words[start + i] === word)) return true;
  }
  return false;
}
