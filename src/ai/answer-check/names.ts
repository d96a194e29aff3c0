// A person may be answered by surname alone ("Newton" for "Isaac Newton") but not by first
// name ("Isaac"), and a place may not be cut the same way ("York" is not "New York").
import { isNumberToken } from "./canonical";
import { judgeTokens } from "./compare";
import { isKindWord } from "./generic";
import { fold, tokenize } from "./normalize";
import type { QuestionContext } from "./question";

// Name particles stay lowercase inside a name ("Ludwig van Beethoven") without making it look like a title.
const PARTICLES = new Set(["da", "de", "del", "della", "di", "du", "van", "von", "der", "den", "la", "le", "bin", "al", "y"]);
// First words of place names whose last word alone would be something else ("New York" -> "York").
const PLACE_STARTS = new Set([
  "new", "north", "south", "east", "west", "upper", "lower", "great", "little", "san", "santa", "saint",
  "st", "sao", "los", "las", "el", "costa", "sierra", "puerto", "buenos", "hong", "sri", "saudi", "united",
  "cape", "port", "fort", "rio", "abu", "tel", "kuala", "ivory", "burkina", "papua", "mexico", "vatican",
  "equatorial", "northern", "southern", "eastern", "western", "central",
]);

/**
 * Confidence that `guess` names the person `answer` by surname, or null when it does not.
 * The question decides whether the answer is a person; without one, name-like capitalisation does.
 */
export function surnameConfidence(guess: string[], answer: string[], rawAnswer: string, question: QuestionContext): number | null {
  if (answer.length < 2 || guess.length >= answer.length || isNumberToken(answer.at(-1)!)) return null;
  const verdict = judgeTokens(guess, answer.slice(answer.length - guess.length));
  if (!verdict.correct) return null;
  if (question.person) return Math.min(verdict.confidence, 0.95);
  if (!looksLikePersonName(rawAnswer)) return null;
  return Math.min(verdict.confidence, question.given ? 0.7 : 0.8);
}

function looksLikePersonName(rawAnswer: string): boolean {
  const words = rawAnswer.trim().split(/\s+/);
  if (words.length < 2 || words.length > 4 || /\d/.test(rawAnswer)) return false;
  const capitalised = words.every((word) => PARTICLES.has(fold(word)) || /^\p{Lu}/u.test(word));
  const tokens = tokenize(fold(rawAnswer));
  // "Pacific Ocean", "Golden Gate Bridge": a kind of thing at the end makes it no person's name.
  return capitalised && !PLACE_STARTS.has(tokens[0] ?? "") && !isKindWord(tokens.at(-1) ?? "");
}
