// Compares one reading of a guess with one reading of an answer, token by token when the
// word counts agree and as one joined string when they do not ("spiderman"/"spider man").
import { namesOtherEntry } from "./bank-names";
import { isNumberToken } from "./canonical";
import { isKnownName } from "./known-names";
import { isShortGivenName } from "./people";
import { sharesSingular } from "./plurals";
import { compareQuantities } from "./quantity";
import type { QuestionContext } from "./question";
import { judgeWord } from "./typo";
import type { Verdict } from "./verdict";

const CERTAIN_MATCH: Verdict = { correct: true, confidence: 1 };
const CERTAIN_MISS: Verdict = { correct: false, confidence: 1 };

export function compareForms(guess: string[], answer: string[], question: QuestionContext): Verdict {
  if (guess.join(" ") === answer.join(" ")) return CERTAIN_MATCH;
  const guessNumbers = guess.filter(isNumberToken);
  const answerNumbers = answer.filter(isNumberToken);
  if (guessNumbers.join(" ") !== answerNumbers.join(" ")) return CERTAIN_MISS;
  if (guess.join("") === answer.join("")) return CERTAIN_MATCH;
  // 'What is the plural of "goose"?': there the singular is the wrong answer, not a variant.
  if (question.wordForm && guess.length === answer.length && guess.every((token, i) => sharesSingular(token, answer[i]!))) {
    return CERTAIN_MISS;
  }
  const quantity = compareQuantities(guess, answer, question);
  if (quantity) return quantity;
  // "Rio" for "Rio de Janeiro" is fine, "Isaac" for "Isaac Newton" is not: leading words alone are for the AI judge.
  if (guess.length < answer.length && guess.every((token, i) => token === answer[i])) return { correct: false, confidence: 0.6 };
  // "Mice" is a bank answer of its own, but still the plural of this "Mouse".
  const sameNoun = guess.length === answer.length && guess.every((token, i) => sharesSingular(token, answer[i]!));
  if (!sameNoun && (isKnownName(guess) || namesOtherEntry(guess, answer))) return { correct: false, confidence: 0.95 };
  if (guess.length === answer.length) return judgeTokens(guess, answer);
  return judgeWord(guess.join(""), answer.join(""));
}

/** Judges equally long token lists pairwise: every word must pass, and the weakest pass sets the confidence. */
export function judgeTokens(guess: string[], answer: string[]): Verdict {
  const verdicts = guess.map((token, i) => {
    const word = answer[i]!;
    // An initial or a short form stands for a given name ("I. Newton", "Abe Lincoln"), never for the last word.
    const initial = token.length === 1 && word.length > 1 && word.startsWith(token);
    const given = i < answer.length - 1 && (initial || isShortGivenName(token, word));
    return given ? { correct: true, confidence: 0.85 } : judgeWord(token, word);
  });
  const misses = verdicts.filter((verdict) => !verdict.correct);
  if (misses.length > 1) return CERTAIN_MISS;
  if (misses.length === 1) return misses[0]!;
  return { correct: true, confidence: Math.min(...verdicts.map((verdict) => verdict.confidence)) };
}
