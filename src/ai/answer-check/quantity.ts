// A number with words after it ("8 legs", "42 km", "100 °C") against the same number with or
// without words. The number decides: words that name what the question counts, or a unit, do
// not make it wrong, but another unit of the same kind ("8 hours" when the question asks for
// minutes, "100 °F" for a Celsius question) is another answer.
import { isNumberToken } from "./canonical";
import { mentions, type QuestionContext } from "./question";
import { VAGUE_UNIT, unitOf, type Unit } from "./units";
import type { Verdict } from "./verdict";

const CERTAIN_MISS: Verdict = { correct: false, confidence: 1 };

// Words that say what is measured without being a unit: "35 years old", "330 m tall".
const MEASURE_WORDS = new Set(["old", "long", "tall", "high", "deep", "wide", "away", "ago", "total", "exactly"]);

type Quantity = { words: string[] };

/**
 * Compares two readings with equal numbers when the guess starts with them; null when this is
 * not a question of quantities and the words must be compared as words.
 */
export function compareQuantities(guess: string[], answer: string[], question: QuestionContext): Verdict | null {
  const guessed = asQuantity(guess);
  if (!guessed) return null;
  const expected = asQuantity(answer);
  // "11" for "Apollo 11": a bare number never stands for a name.
  if (!expected) return guessed.words.length === 0 ? CERTAIN_MISS : null;
  if (guessed.words.length === 0) return bareNumber(expected.words, question);
  if (expected.words.length === 0) return wordsAfterNumber(guessed.words, question);
  return compareUnits(guessed.words, expected.words);
}

/** Leading numbers and the words after them, or null when the reading does not start with a number. */
function asQuantity(tokens: string[]): Quantity | null {
  const count = tokens.findIndex((token) => !isNumberToken(token));
  if (count === 0) return null;
  const words = count === -1 ? [] : tokens.slice(count);
  return words.some(isNumberToken) ? null : { words };
}

/** "8" for "8 minutes": fine when the question asked for a quantity, for the AI judge otherwise. */
function bareNumber(unit: string[], question: QuestionContext): Verdict {
  if (unit.length > 2) return CERTAIN_MISS;
  return question.quantity ? { correct: true, confidence: 0.9 } : { correct: true, confidence: 0.6 };
}

/** "8 legs" for 8: right when the words are what the question counts or a unit it does not contradict. */
function wordsAfterNumber(words: string[], question: QuestionContext): Verdict {
  if (words.every((word) => mentions(question, word) || MEASURE_WORDS.has(word))) return { correct: true, confidence: 0.95 };
  if (words.some((word) => clashes(unitOf(word), question.units))) return { correct: false, confidence: 0.95 };
  if (words.every((word) => unitOf(word) || MEASURE_WORDS.has(word) || mentions(question, word))) {
    return { correct: true, confidence: 0.9 };
  }
  // Another noun after the right number ("8 arms" for a spider's legs) is for the AI judge.
  return { correct: true, confidence: 0.6 };
}

/** "-40 degrees" for "-40 °C" is right, "42 miles" for "42 km" and "100 km" for "100 km/h" are not; null when the words are not units. */
function compareUnits(guessWords: string[], answerWords: string[]): Verdict | null {
  const guessUnits = guessWords.map(unitOf);
  const answerUnits = answerWords.map(unitOf);
  if (!isUnitList(guessUnits) || !isUnitList(answerUnits)) return null;
  const guessed = specific(guessUnits).join(" ");
  const expected = specific(answerUnits).join(" ");
  if (guessed === expected) return { correct: true, confidence: 1 };
  // "Degrees" alone leaves the scale unsaid; "km" for "km/h" says another unit.
  return guessed === "" || expected === "" ? { correct: true, confidence: 0.9 } : CERTAIN_MISS;
}

function clashes(unit: Unit | undefined, asked: Unit[]): boolean {
  if (!unit || unit.id === VAGUE_UNIT) return false;
  return asked.some((other) => other.kind === unit.kind && other.id !== unit.id && other.id !== VAGUE_UNIT);
}

const isUnitList = (units: (Unit | undefined)[]): units is Unit[] => units.every((unit) => unit !== undefined);
const specific = (units: Unit[]) => units.map((unit) => unit.id).filter((id) => id !== VAGUE_UNIT);
