// The names of every entry of the built-in bank (its answer and accepted answers, one set per
// question) and of every well-known person of the people table. A guess that is exactly another
// entry's name was typed on purpose: it is another answer of the quiz or another person ("George
// Bush" beside "George W. Bush"), so it is never read as a typo or a short form of this one.
import { builtInBank } from "../bank";
import { canonical } from "./canonical";
import { fold, tokenize } from "./normalize";
import { PEOPLE_LINES } from "./people";

const spell = (name: string) => canonical(tokenize(fold(name))).join(" ");

const BANK = builtInBank(() => {});
const PEOPLE = PEOPLE_LINES.trim().split("\n").map((line) => line.split("|"));

/** One set of canonical names per bank question and per person. */
export const ENTRIES: Set<string>[] = [...BANK.map((q) => [q.answer, ...q.aliases]), ...PEOPLE].map((names) => new Set(names.map(spell)));
// Namesakes are other people: a bank answer's own name, or a person of the table. A bank entry's
// other names are other names of the same thing ("the Great Bell" is Big Ben, "Currer Bell" a pen
// name of Charlotte Brontë), so "Bell" still names Alexander Graham Bell.
const PERSON_NAMES = new Set([...BANK.map((q) => spell(q.answer)), ...PEOPLE.flat().map(spell)]);

const ENTRIES_OF = new Map<string, Set<string>[]>();
for (const entry of ENTRIES) for (const name of entry) ENTRIES_OF.set(name, [...(ENTRIES_OF.get(name) ?? []), entry]);

/** True when `guess` is a name of a bank entry that does not also name `answer`. */
export function namesOtherEntry(guess: string[], answer: string[]): boolean {
  const entries = ENTRIES_OF.get(guess.join(" "));
  return entries !== undefined && !entries.some((entry) => entry.has(answer.join(" ")));
}

/**
 * True when another person or bank entry shares this end of a name ("Roosevelt": Theodore beside
 * Franklin D.), or this first and last word ("John Adams" beside John Quincy Adams). The entries
 * naming the answer are its own; an answer no entry names owns those that name someone with its
 * first and last word ("Pyotr Tchaikovsky" in a lobby's own question, "Pyotr Ilyich" in the bank).
 */
export function hasNamesake(guess: string[], answer: string[]): boolean {
  const known = ENTRIES_OF.has(answer.join(" "));
  const first = `${answer[0]} `;
  const last = ` ${answer.at(-1)}`;
  const isOwn = (entry: Set<string>) =>
    entry.has(answer.join(" ")) || (!known && [...entry].some((name) => name.startsWith(first) && name.endsWith(last)));
  const surname = ` ${guess.join(" ")}`;
  const given = guess.length === 2 ? `${guess[0]} ` : null;
  const sharesName = (name: string) =>
    PERSON_NAMES.has(name) && (name.endsWith(surname) || (given !== null && name.startsWith(given) && name.endsWith(` ${guess[1]}`)));
  return ENTRIES.some((entry) => !isOwn(entry) && [...entry].some(sharesName));
}
