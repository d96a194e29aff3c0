// The names of every entry of the built-in bank (its answer and accepted answers, one set per
// question). A guess that is exactly another entry's name was typed on purpose: it is another
// answer of the quiz, so it is never read as a typo or a spelling variant of this one.
import { builtInBank } from "../bank";
import { canonical } from "./canonical";
import { fold, tokenize } from "./normalize";

const spell = (name: string) => canonical(tokenize(fold(name))).join(" ");

/** One set of canonical names per bank question. */
export const BANK_ENTRIES: Set<string>[] = builtInBank(() => {}).map((q) => new Set([q.answer, ...q.aliases].map(spell)));

const ENTRIES_OF = new Map<string, Set<string>[]>();
for (const entry of BANK_ENTRIES) for (const name of entry) ENTRIES_OF.set(name, [...(ENTRIES_OF.get(name) ?? []), entry]);

/** True when `guess` is a name of a bank entry that does not also name `answer`. */
export function namesOtherEntry(guess: string[], answer: string[]): boolean {
  const entries = ENTRIES_OF.get(guess.join(" "));
  return entries !== undefined && !entries.some((entry) => entry.has(answer.join(" ")));
}
