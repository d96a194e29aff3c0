// An answer followed by a description or a reason ("Venus, the hottest planet", "The Nile,
// obviously the longest", "It's Big Ben in London", "Everest because it's the highest") is judged
// on its head. A tail that could itself be an answer ("Paris, London", "Nile, the Amazon",
// "Venus, not Mars") leaves the guess a list, which the hedge rules refuse.
import { stripFiller } from "./filler";
import { isHedged } from "./hedge";
import { isKnownName } from "./known-names";
import { fold, tokenize } from "./normalize";

// Words that open a description or a reason rather than a second answer.
const ARTICLES = new Set(["the", "a", "an"]);
const REASONS = new Set(["because", "since", "as", "cause", "cos", "coz", "which", "who", "that", "its", "it", "obviously", "clearly", "definitely", "surely", "in", "from", "on"]);
// A name right after one of these places or compares the head ("in London", "closest to the Sun"): not a second answer.
const PREPOSITIONS = new Set(["in", "of", "from", "on", "at", "near", "to", "than", "by", "around", "orbiting"]);

const LOCATIVE = /^(.*\S)\s+in\s+((?:the\s+)?[^\s,;/]+(?:\s+[^\s,;/]+){0,2})[\s.!?]*$/i;
const REASON = /^(.*?\S)\s+(?:because|since|cause|cos|coz)\s+\S.*$/i;

/** The head of a guess with a descriptive or reasoning tail, or null when it has none. */
export function appositiveHead(guess: string): string | null {
  // Capitals tell names from common words only in text typed with and without them.
  const cased = guess !== guess.toLowerCase() && guess !== guess.toUpperCase();
  const comma = guess.indexOf(",");
  if (comma > 0) {
    const tail = guess.slice(comma + 1);
    return isDescription(tail, cased) ? guess.slice(0, comma) : null;
  }
  const reason = REASON.exec(guess);
  if (reason) return isDescription(guess.slice(reason[1]!.length), cased) ? reason[1]! : null;
  const place = LOCATIVE.exec(guess);
  return place && !isHedged(place[2]!, []) ? place[1]! : null;
}

function isDescription(tail: string, cased: boolean): boolean {
  if (isHedged(tail, [])) return false;
  const tokens = stripFiller(tokenize(fold(tail)), 0);
  const lead = tokens[0];
  if (lead === undefined) return false;
  if (ARTICLES.has(lead)) {
    // "the Amazon" is another answer; "the hottest planet", "the brightest" and, typed in lowercase
    // by someone who uses capitals, "the capital" describe.
    const rest = tokens.slice(1);
    if (rest.length === 0 || (rest.length === 1 && !rest[0]!.endsWith("est") && !cased)) return false;
  } else if (!REASONS.has(lead)) {
    return false;
  }
  return !namesSomethingElse(tokens) && !(cased && hasProperNoun(tail));
}

/**
 * True when a run of the tail, not placed by a preposition, is a known name (a country, a city, a
 * planet). Bank answers are not looked for: "red" and "heart" are answers too, and describe.
 */
function namesSomethingElse(tokens: string[]): boolean {
  for (let start = 1; start < tokens.length; start++) {
    if (PREPOSITIONS.has(tokens[start - 1]!) || (ARTICLES.has(tokens[start - 1]!) && PREPOSITIONS.has(tokens[start - 2] ?? ""))) continue;
    for (let end = start + 1; end <= Math.min(tokens.length, start + 3); end++) {
      const run = tokens.slice(start, end);
      if (isKnownName(run)) return true;
    }
  }
  return false;
}

/** A capitalised word inside the tail (not after a preposition) names something. */
function hasProperNoun(tail: string): boolean {
  const words = tail.trim().split(/\s+/);
  return words.some((word, i) => {
    const previous = fold(words[i - 1] ?? "").replace(/\W/g, "");
    const beforeThat = fold(words[i - 2] ?? "").replace(/\W/g, "");
    const placed = PREPOSITIONS.has(previous) || (ARTICLES.has(previous) && PREPOSITIONS.has(beforeThat));
    return i > 0 && /^\p{Lu}/u.test(word) && !placed;
  });
}
