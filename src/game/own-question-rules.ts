// A lobby's own questions, as rules (docs/decisions.md "Your own questions"): at most OWN_QUESTIONS_MAX,
// each question once (as same-question.ts compares them: a lobby never asks one twice, so a second copy
// could never be asked), within the lobby's and the server's byte quotas, so a full disk is never how
// the questions stop. Pure: the lobby's questions and the server's total are read in the lobby's turn
// by src/lobbies/own-questions.ts, handed in here, and what a rule allows is what it then writes.
import { refuse, type Refusal } from "./commands";
import { questionKey, unasked } from "./same-question";
import { OWN_QUESTIONS_MAX } from "./settings";
import type { OwnQuestion, Question } from "./types";

/** What a lobby's own questions may take as stored (OWN_QUESTIONS_LOBBY_BYTES, OWN_QUESTIONS_TOTAL_BYTES). */
export interface OwnQuota {
  lobbyBytes: number;
  totalBytes: number;
}

/** Only the question's own fields are kept, in a fixed order. */
export const ownBody = ({ category, question, answer, aliases }: Question): Question => ({ category, question, answer, aliases });

const utf8 = new TextEncoder();
/** The bytes one question takes as stored: what the quotas count. */
export const ownQuestionBytes = (q: Question) => utf8.encode(JSON.stringify(ownBody(q))).length;

const bytesOf = (questions: readonly Question[]) => questions.reduce((sum, q) => sum + ownQuestionBytes(q), 0);
const kb = (bytes: number) => `${Math.ceil(bytes / 1024)} KB`;
const key = (q: { question: string }) => questionKey(q.question);

/** A change the lobby's quota allows: what it adds (net of what it replaces), for the server's quota to allow next (serverRoom). */
export type Allowed<T> = { ok: true; addedBytes: number } & T;

/** Whether `added` more bytes fit the lobby's quota, given what it holds. */
function lobbyRoom(held: readonly Question[], added: number, quota: OwnQuota): Refusal | null {
  if (added <= 0) return null;
  const mine = bytesOf(held);
  if (mine + added > quota.lobbyBytes) return refuse("conflict", `A lobby's questions may take at most ${kb(quota.lobbyBytes)}: they take ${kb(mine)}, and this would add ${kb(added)}`);
  return null;
}

/** Adding questions: the ones the lobby does not hold yet, all of them or, past the limit, none. */
export function addOwn(held: readonly OwnQuestion[], questions: readonly Question[], quota: OwnQuota): Refusal | Allowed<{ fresh: Question[]; total: number }> {
  const fresh = unasked(questions, held.map((q) => q.question));
  const total = held.length + fresh.length;
  if (total > OWN_QUESTIONS_MAX) return refuse("conflict", `A lobby holds at most ${OWN_QUESTIONS_MAX} questions: it has ${held.length}, and this would add ${fresh.length}`);
  const addedBytes = bytesOf(fresh);
  return lobbyRoom(held, addedBytes, quota) ?? { ok: true, fresh, total, addedBytes };
}

/** Editing one question: it must be the lobby's, and not become another of its questions. */
export function updateOwn(held: readonly OwnQuestion[], id: number, question: Question, quota: OwnQuota): Refusal | Allowed<object> {
  const old = held.find((q) => q.id === id);
  if (!old) return refuse("notFound", "No such question in this lobby");
  if (held.some((q) => q.id !== id && key(q) === key(question))) return refuse("conflict", "This lobby already has that question");
  const addedBytes = ownQuestionBytes(question) - ownQuestionBytes(old);
  return lobbyRoom(held, addedBytes, quota) ?? { ok: true, addedBytes };
}

/** Whether what a change adds fits the server's quota, given every lobby's questions together (`serverBytes`). */
export function serverRoom(serverBytes: number, addedBytes: number, quota: OwnQuota): Refusal | null {
  if (addedBytes > 0 && serverBytes + addedBytes > quota.totalBytes) return refuse("unavailable", "The server has no room for more questions now; try again later");
  return null;
}

/** A file of more questions than any lobby may hold is refused before its rows are read one by one. */
export function importRefusal(count: number): Refusal | null {
  return count > OWN_QUESTIONS_MAX ? refuse("invalid", `The file holds ${count} questions; a lobby holds at most ${OWN_QUESTIONS_MAX}`) : null;
}
