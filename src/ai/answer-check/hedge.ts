// Shotgun answers ("Paris or London", "Paris/Rome", "either X or Y", "A, B, C") name several
// candidates at once, and hedged ones ("not Paris", "Paris maybe Rome") commit to none. They are
// wrong even when one candidate is right, unless the answer itself is written that way ("Romeo
// and Juliet", "AC/DC", "Washington, D.C."). Filler set off by a comma ("Paris, obviously",
// "Hmm, Paris", "Paris, isn't it?") is not a second candidate.
import { stripFiller } from "./filler";
import { fold, tokenizeWithMarks } from "./normalize";

const WORD_MARKERS: [string, Set<string>][] = [
  ["or", new Set(["or", "either", "nor"])],
  ["and", new Set(["and", "+"])],
  ["versus", new Set(["vs", "versus"])],
  ["slash", new Set(["/"])],
  ["not", new Set(["not", "isnt", "wasnt", "arent", "never"])],
  // Leading and trailing "maybe" are filler and already gone; one left inside hedges ("Paris maybe Rome").
  ["maybe", new Set(["maybe"])],
];

/** True when the guess joins or refuses candidates in a way no accepted answer does. */
export function isHedged(guess: string, answers: string[]): boolean {
  const allowed = new Set(answers.flatMap(markersOf));
  return markersOf(guess).some((marker) => !allowed.has(marker));
}

function markersOf(text: string): string[] {
  const clauses = splitClauses(tokenizeWithMarks(fold(text))).filter((clause) => stripFiller(clause, 0).length > 0);
  const words = stripFiller(clauses.flat());
  const markers = WORD_MARKERS.filter(([, members]) => words.some((word) => members.has(word))).map(([name]) => name);
  return clauses.length > 1 ? [...markers, "list"] : markers;
}

function splitClauses(tokens: string[]): string[][] {
  const clauses: string[][] = [[]];
  for (const token of tokens) {
    if (token === "," || token === ";") clauses.push([]);
    else clauses.at(-1)!.push(token);
  }
  return clauses.filter((clause) => clause.length > 0);
}
