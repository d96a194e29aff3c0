// The local answer checker: judges a free-text guess like a fair quizmaster would, synchronously
// and without I/O. Its confidence tells callers when to ask the AI judge instead (below 0.75).
import { compareInitials } from "./answer-check/acronyms";
import { appositiveHead } from "./answer-check/appositive";
import { placedGuess } from "./answer-check/city-country";
import { compareForms } from "./answer-check/compare";
import { compareDates } from "./answer-check/dates";
import { answerForms, guessForms } from "./answer-check/forms";
import { isOverGeneric } from "./answer-check/generic";
import { isHedged } from "./answer-check/hedge";
import { surnameMatch } from "./answer-check/names";
import { readQuestion, type QuestionContext } from "./answer-check/question";
import { variantSpelling } from "./answer-check/variants";
import type { Verdict } from "./answer-check/verdict";

export type { Verdict } from "./answer-check/verdict";

/** Longer guesses are essays or injection attempts, never a quiz answer. */
export const MAX_GUESS_LENGTH = 200;

/** A head judged without its description or reason, or a match found only by folding spellings, may misfire. */
const APPOSITIVE_CONFIDENCE = 0.7;
const VARIANT_CONFIDENCE = 0.7;

type Answerable = { answer: string; aliases: string[]; question?: string };

export function checkAnswer(q: Answerable, given: string): Verdict {
  const guess = given.trim();
  if (guess === "" || guess.length > MAX_GUESS_LENGTH) return { correct: false, confidence: 1 };
  const whole = judgeGuess(q, guess);
  if (whole.correct) return whole;
  const reading = judgeReading(q, guess);
  if (reading) return reading;
  // "Venus, the hottest planet": the head alone, if the tail only describes it.
  const head = appositiveHead(guess);
  const headVerdict = head === null ? null : judgeGuess(q, head.trim());
  return headVerdict?.correct ? { correct: true, confidence: Math.min(headVerdict.confidence, APPOSITIVE_CONFIDENCE) } : whole;
}

/**
 * A guess read as something other than words (a date, a place with where it lies, initials),
 * judged against each answer; null when no answer reads that way. A wrong date or a misplaced city
 * is an answer of its own: it is refused, not read again as an appositive.
 */
function judgeReading(q: Answerable, guess: string): Verdict | null {
  const question = readQuestion(q.question);
  const guesses = guessForms(guess);
  let miss: Verdict | null = null;
  for (const answer of [q.answer, ...q.aliases].filter((name) => name.trim() !== "")) {
    const verdict =
      compareDates(answer, guess, question) ??
      placedGuess(answer, guess, q.question, (head) => judgeGuess({ ...q, answer, aliases: [] }, head)) ??
      compareInitials(answer, guesses, question);
    if (verdict?.correct) return verdict;
    miss ??= verdict;
  }
  return miss;
}

function judgeGuess(q: Answerable, guess: string): Verdict {
  const guesses = guessForms(guess);
  if (guesses.length === 0) return { correct: false, confidence: 1 };
  const answers = [q.answer, ...q.aliases].filter((answer) => answer.trim() !== "");
  if (answers.length === 0) return { correct: false, confidence: 0.5 };

  const question = readQuestion(q.question);
  let bestMatch: Verdict | null = null;
  // A miss is only as sure as its closest call: one near reading makes the whole verdict unsure.
  let missConfidence = 1;
  for (const rawAnswer of answers) {
    const { forms, otherNames, exactNames } = answerForms(rawAnswer, question);
    if (exactNames.some((name) => guesses.some((reading) => reading.join(" ") === name.join(" ")))) return { correct: true, confidence: 1 };
    for (const answer of [...forms, ...otherNames]) {
      // A nickname is no first name and surname: "Abe" is not "Honest Abe" said by surname.
      const ownName = forms.includes(answer);
      for (const reading of guesses) {
        const verdict = compareForms(reading, answer, question);
        if (verdict.correct && verdict.confidence === 1) return { ...verdict }; // a copy: callers may keep or change it
        // "Ocean" for the Pacific Ocean names a kind of thing, not the thing: no loose match, no surname.
        if (!question.person && isOverGeneric(reading, answer, rawAnswer)) continue;
        const match = verdict.correct ? verdict : ((ownName ? surnameMatch(reading, answer, rawAnswer, question) : null) ?? variantMatch(reading, answer, rawAnswer, question) ?? verdict);
        if (match.correct) {
          if (!bestMatch || match.confidence > bestMatch.confidence) bestMatch = match;
        } else {
          missConfidence = Math.min(missConfidence, match.confidence);
        }
      }
    }
  }
  // Only an exact reading may contain "or", "/", "not" or a list; a loose match of a shotgun guess is no match.
  if (isHedged(guess, answers)) return { correct: false, confidence: 1 };
  return bestMatch ?? { correct: false, confidence: missConfidence };
}

/** "Khrushchov" for "Khrushchev", "colour" for "color": the match found once both sides are spelled one way. */
function variantMatch(reading: string[], answer: string[], rawAnswer: string, question: QuestionContext): Verdict | null {
  const guessSpelling = variantSpelling(reading);
  const answerSpelling = variantSpelling(answer);
  if (guessSpelling === reading && answerSpelling === answer) return null;
  const verdict = compareForms(guessSpelling, answerSpelling, question);
  const match = verdict.correct ? verdict : surnameMatch(guessSpelling, answerSpelling, rawAnswer, question);
  return match?.correct ? { correct: true, confidence: Math.min(match.confidence, VARIANT_CONFIDENCE) } : null;
}
