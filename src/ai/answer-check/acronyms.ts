// An organisation or a thing by its initials: "NATO" for the North Atlantic Treaty Organization,
// "NHS", "UNESCO", "GMT"; and the full name for an answer written in capitals ("Federal Bureau of
// Investigation" for "FBI"). Only for names of the kinds acronyms are made of (an organisation, an
// agency, a service, a system...): "GBR" is no name of the Great Barrier Reef, "LDV" none of
// Leonardo da Vinci. A question asking what the letters stand for, or that shows them, is answered
// by the full name only (docs/decisions.md "Judging like a quizmaster, part three").
import { fold, tokenize } from "./normalize";
import { containsPhrase, type QuestionContext } from "./question";
import type { Verdict } from "./verdict";

// Letters taken from the answer's own words: a sure reading.
const INITIALS_CONFIDENCE = 0.9;
// A full name typed for letters: its words could be wrong ("Federal Bureau of Immigration"), so the AI may check.
const EXPANSION_CONFIDENCE = 0.7;

// Small words acronyms usually skip ("Organization of the Petroleum Exporting Countries": OPEC).
const SKIPPED = new Set(["of", "the", "and", "for", "to", "in", "on", "a", "an", "at", "by", "with"]);
const KINDS = new Set(
  `organization organisation agency service bureau administration corporation company union fund institute
  institution association society council army party league federation alliance commission committee
  agreement treaty station force authority bank court office department ministry board system protocol
  language format unit memory object number time product syndrome network programme program apparatus`.split(/\s+/),
);

/** The verdict when one side is the other's initials; null when neither is. */
export function compareInitials(answer: string, guessReadings: string[][], question: QuestionContext): Verdict | null {
  if (question.naming) return null;
  const answerWords = tokenize(fold(answer));
  const letters = /^\s*[A-Z]{3,8}\s*$/.test(answer) ? answerWords[0]! : null;
  for (const reading of guessReadings) {
    if (letters !== null && reading.length >= 3 && spells(letters, reading)) return { correct: true, confidence: EXPANSION_CONFIDENCE };
    const typed = reading.length === 1 && /^[a-z]{3,8}$/.test(reading[0]!) ? reading[0]! : null;
    if (typed !== null && !containsPhrase(question, [typed]) && spells(typed, answerWords)) return { correct: true, confidence: INITIALS_CONFIDENCE };
  }
  return null;
}

/** True when `letters` are the initials of a name of the right kind, with or without its small words. */
function spells(letters: string, words: string[]): boolean {
  if (words.length < 3 || !words.some((word) => KINDS.has(word))) return false;
  const initials = (kept: string[]) => kept.map((word) => word[0]).join("");
  return initials(words) === letters || initials(words.filter((word) => !SKIPPED.has(word))) === letters;
}
