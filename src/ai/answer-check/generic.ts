// Words that name a kind of thing rather than the thing: "Ocean", "River", "Bridge", "Empire",
// "whale". Alone they are over-generic answers, a hole bluffing players would find; beside a
// name they may be left out ("the Pacific", "Everest", "Golden Gate", "Barrier Reef").
import { isKnownName } from "./known-names";
import { fold, tokenize } from "./normalize";
import { sharesSingular, singularForms } from "./plurals";

const KIND_WORDS = new Set(
  `ocean sea river lake mount mountain hill island isle peninsula desert forest jungle valley canyon
  bay gulf strait channel coast reef falls waterfall volcano glacier continent
  bridge tower wall canal dam palace castle cathedral church temple museum square street park
  station stadium building house statue monument pyramid city town state kingdom empire republic
  dynasty war battle revolution planet star galaxy moon comet
  whale shark bear penguin bird fish dog cat tree flower snake monkey`.split(/\s+/),
);

// Natural features are named for themselves: "Amazon", "Everest", "Sahara", "Caspian".
const LEADING_NATURAL = new Set(["mount", "lake", "river", "planet"]);
const TRAILING_NATURAL = new Set(["river", "ocean", "sea", "desert"]);
// Built things and realms often take a place's name ("London Bridge", "Panama Canal"), so they
// lose the kind word only when what remains is not itself a place.
const TRAILING_BUILT = new Set(["bridge", "canal", "dam", "falls", "empire"]);
// A bare colour or direction is not a name: "Red" is not the Red Sea, "North" not the North Sea.
const PLAIN_WORDS = new Set(
  "red black white blue green yellow dead great big little grand new old north south east west upper lower holy".split(" "),
);

/** True when the word, in either number, names a kind of thing. */
export function isKindWord(word: string): boolean {
  return singularForms(word).some((form) => KIND_WORDS.has(form));
}

/** A guess or answer without its natural-feature word: "Mount Everest" -> "everest"; null when there is none. */
export function dropDescriptor(tokens: string[]): string[] | null {
  if (tokens.length < 2) return null;
  if (LEADING_NATURAL.has(tokens[0]!)) return named(tokens.slice(1));
  if (TRAILING_NATURAL.has(tokens.at(-1)!)) return named(tokens.slice(0, -1));
  return null;
}

/** An answer without its kind word ("Golden Gate Bridge" -> "golden gate", "Great Barrier Reef" -> "barrier reef"). */
export function answerWithoutKind(tokens: string[]): string[] | null {
  const rest = tokens.slice(0, -1);
  if (tokens.length >= 2 && TRAILING_BUILT.has(tokens.at(-1)!) && !isKnownName(rest)) return named(rest);
  // "Great" before a kind of place may go when a name is left: "Barrier Reef", not "Wall" or "Lakes".
  if (tokens.length >= 3 && tokens[0] === "great" && isKindWord(tokens.at(-1)!)) return tokens.slice(1);
  return dropDescriptor(tokens);
}

/**
 * True when the guess is one word of a longer answer that names only its kind: a kind word
 * ("Ocean" for the Pacific Ocean) or the lowercase head noun of a name written in sentence case
 * ("penguin" for "Emperor penguin", "rex" for "Tyrannosaurus rex").
 */
export function isOverGeneric(guess: string[], answer: string[], rawAnswer: string): boolean {
  if (guess.length !== 1 || answer.length < 2) return false;
  const word = guess[0]!;
  if (!answer.some((token) => sharesSingular(token, word))) return false;
  return isKindWord(word) || isLowercaseHead(word, rawAnswer);
}

function isLowercaseHead(word: string, rawAnswer: string): boolean {
  const words = rawAnswer.trim().split(/\s+/);
  const last = words.at(-1) ?? "";
  if (words.length < 2 || !/^\p{Lu}/u.test(words[0]!) || !/^\p{Ll}/u.test(last)) return false;
  return tokenize(fold(last)).some((token) => sharesSingular(token, word));
}

function named(rest: string[]): string[] | null {
  return rest.length === 1 && PLAIN_WORDS.has(rest[0]!) ? null : rest;
}
