// A person may be answered by surname alone ("Newton" for "Isaac Newton") but not by first
// name ("Isaac"), and a place may not be cut the same way ("York" is not "New York").
import { hasNamesake } from "./bank-names";
import { isNumberToken } from "./canonical";
import { judgeTokens } from "./compare";
import { isKindWord } from "./generic";
import { fold, tokenize } from "./normalize";
import type { QuestionContext } from "./question";
import type { Verdict } from "./verdict";

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
 * Whether `guess` names the person `answer` by surname ("Newton") or by first name and surname
 * without the middle names ("Wolfgang Mozart"); null when it does not. The question decides
 * whether the answer is a person; without one, name-like capitalisation does. A name another
 * famous person shares ("Roosevelt", "John Adams") is left to the AI judge, which sees the question.
 */
export function surnameMatch(guess: string[], answer: string[], rawAnswer: string, question: QuestionContext): Verdict | null {
  if (answer.length < 2 || guess.length >= answer.length || isNumberToken(answer.at(-1)!)) return null;
  const surname = judgeTokens(guess, answer.slice(answer.length - guess.length));
  const withoutMiddle = !surname.correct && guess.length === 2 ? judgeTokens(guess, [answer[0]!, answer.at(-1)!]) : null;
  const verdict = withoutMiddle ?? surname;
  if (!verdict.correct) return null;
  const ceiling = question.person ? 0.95 : looksLikePersonName(rawAnswer) ? (question.given ? 0.7 : 0.8) : null;
  if (ceiling === null) return null;
  if (hasNamesake(guess, answer)) return { correct: false, confidence: 0.6 };
  // Middle names may be what tells namesakes apart: the AI judge may overrule.
  return { correct: true, confidence: Math.min(verdict.confidence, ceiling, withoutMiddle ? 0.7 : 1) };
}

function looksLikePersonName(rawAnswer: string): boolean {
  const words = rawAnswer.trim().split(/\s+/);
  if (words.length < 2 || words.length > 4 || /\d/.test(rawAnswer)) return false;
  const capitalised = words.every((word) => PARTICLES.has(fold(word)) || /^\p{Lu}/u.test(word));
  const tokens = tokenize(fold(rawAnswer));
  // "Pacific Ocean", "Golden Gate Bridge": a kind of thing at the end makes it no person's name.
  return capitalised && !PLACE_STARTS.has(tokens[0] ?? "") && !isKindWord(tokens.at(-1) ?? "");
}
