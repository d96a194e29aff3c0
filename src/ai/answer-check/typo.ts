// Judges one guessed word against one answer word: equal, a plural, a forgivable typo, or a
// different word. Tolerance grows with length, and a long word that sounds the same (Double
// Metaphone: "Chaikovsky"/"Tchaikovsky", "Filipines"/"Philippines") may start with another letter
// and carry one more edit; but the guards below stop "forgivable" edits from turning one real
// word into another (Iran/Iraq, Slovakia/Slovenia, Austral/Australia, another answer of the bank).
// A typo is a guess about what the player meant, so its confidence stays below the AI judge's
// threshold (docs/decisions.md, "Judging like a quizmaster, part two").
import { doubleMetaphone } from "double-metaphone";
import { distance } from "fastest-levenshtein";
import { namesOtherEntry } from "./bank-names";
import { isKnownName } from "./known-names";
import { sharesSingular } from "./plurals";
import type { Verdict } from "./verdict";

/** Edits a word of this length may carry and still count: none up to 3 letters, 1 up to 7, then 2. */
const tolerance = (length: number) => (length <= 3 ? 0 : length <= 7 ? 1 : 2);

export function judgeWord(guess: string, answer: string): Verdict {
  if (guess === answer || sharesSingular(guess, answer)) return { correct: true, confidence: 1 };
  // A year or count one digit off is simply another number: digits get no typo tolerance.
  if (/\d/.test(guess) || /\d/.test(answer)) return { correct: false, confidence: 1 };
  // "Iraq" typed for "Iran" is a real, different place, not a slip of the finger.
  if (isKnownName([guess]) || namesOtherEntry([guess], [answer])) return { correct: false, confidence: 0.95 };

  const shorter = Math.min(guess.length, answer.length);
  // Homophones start differently too (Knight/Night, Cereal/Serial): sound counts in long words only.
  const alike = shorter >= 7 && soundsAlike(guess, answer);
  const allowed = tolerance(shorter) + (alike ? 1 : 0);
  const swapped = isAdjacentSwap(guess, answer);
  const raw = distance(guess, answer);
  const edits = swapped || (raw === 2 && isMovedLetter(guess, answer)) ? 1 : raw;
  if (guess[0] !== answer[0] && !alike) {
    // Gambia/Zambia, Russia/Prussia: a changed first letter usually means another word.
    return { correct: false, confidence: edits > allowed ? 1 : shorter >= 8 ? 0.6 : 0.85 };
  }
  // "Austral" for "Australia", "Nigeria" for "Niger": one word cut from or grown out of the other.
  if (Math.abs(guess.length - answer.length) >= 2 && (answer.startsWith(guess) || guess.startsWith(answer))) {
    return { correct: false, confidence: 0.9 };
  }
  if (edits > allowed) return { correct: false, confidence: edits === allowed + 1 ? 0.6 : 1 };
  if (!swapped && isRiskyShortWordEdit(guess, answer, shorter)) return { correct: false, confidence: 0.85 };
  // A swapped syllable changes the word, unless it sounds the same ("Mikelangelo", "Afrodite").
  if (edits >= 2 && !alike && isReplacedBlock(guess, answer)) return { correct: false, confidence: 0.85 };
  return { correct: true, confidence: typoConfidence(edits, shorter, guess, answer) };
}

/** Below the AI judge's threshold (0.75) whatever the edit, and lower the bigger the edit. */
function typoConfidence(edits: number, shorter: number, guess: string, answer: string): number {
  const ratio = edits / shorter;
  const confidence = ratio <= 0.1 ? 0.72 : ratio <= 0.2 ? 0.7 : 0.65;
  // A short word missing or gaining one last letter ("Austrian", "Swede") may be a different word.
  const [short, long] = guess.length < answer.length ? [guess, answer] : [answer, guess];
  const trimmedEnd = shorter < 8 && long.length === short.length + 1 && long.startsWith(short) && long.at(-1) !== short.at(-1);
  return trimmedEnd ? Math.min(confidence, 0.65) : confidence;
}

/** True when the words share a Double Metaphone key (either reading of either word). */
function soundsAlike(a: string, b: string): boolean {
  const keys = doubleMetaphone(a);
  return doubleMetaphone(b).some((key) => key.length >= 2 && keys.includes(key));
}

/**
 * In words of 4-5 letters one substitution, or any change of the last letter, is as likely
 * another word as a typo (Iran/Iraq, mouse/moose, Londo/London), and in 4-letter words so is a
 * dropped letter (lava/larva), so only inner slips of 5-letter words pass there.
 */
function isRiskyShortWordEdit(guess: string, answer: string, shorter: number): boolean {
  if (shorter > 5) return false;
  if (shorter === 4 || guess.length === answer.length) return true;
  return guess.at(-1) !== answer.at(-1);
}

/** Two edits packed into one spot with no letters in common ("ak"/"en" in Slovakia/Slovenia) swap a syllable. */
function isReplacedBlock(guess: string, answer: string): boolean {
  let start = 0;
  while (start < guess.length && guess[start] === answer[start]) start++;
  let end = 0;
  while (
    end < guess.length - start &&
    end < answer.length - start &&
    guess[guess.length - 1 - end] === answer[answer.length - 1 - end]
  ) end++;
  const guessPart = guess.slice(start, guess.length - end);
  const answerPart = answer.slice(start, answer.length - end);
  return Math.max(guessPart.length, answerPart.length) <= 2 && ![...guessPart].some((letter) => answerPart.includes(letter));
}

/** "Einstien" for "Einstein": plain Levenshtein would count one slip of the finger as two edits. */
function isAdjacentSwap(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let i = 0;
  while (i < a.length && a[i] === b[i]) i++;
  return i + 1 < a.length && a[i] === b[i + 1] && a[i + 1] === b[i] && a.slice(i + 2) === b.slice(i + 2);
}

/** "Ghandi" for "Gandhi": one letter typed in the wrong place is one slip, not a deletion plus an insertion. */
function isMovedLetter(a: string, b: string): boolean {
  return a.length === b.length && [...a].sort().join("") === [...b].sort().join("");
}
