// A lobby's own questions as its host manages them (docs/decisions.md "Your own questions"): at most
// OWN_QUESTIONS_MAX, each question once (as src/game/same-question.ts compares them: a lobby never
// asks one twice, so a second copy could never be asked). Rows arrive validated; the answers stay in
// the store and leave it only through the host's own calls, and in a round's results.
import { refuse, type Refusal } from "../game/commands";
import { questionKey, unasked } from "../game/same-question";
import { OWN_QUESTIONS_MAX } from "../game/settings";
import type { LobbyState, OwnQuestion, Question } from "../game/types";
import { storageRefused } from "./storage-fault";
import { committing, ownQuestionBytes, type LobbyChange, type LobbyStorePort } from "./store-port";

/** What a lobby's own questions may take on disk (OWN_QUESTIONS_LOBBY_BYTES, OWN_QUESTIONS_TOTAL_BYTES). */
export interface OwnQuota {
  lobbyBytes: number;
  totalBytes: number;
}

const kb = (bytes: number) => `${Math.ceil(bytes / 1024)} KB`;

const key = (q: { question: string }) => questionKey(q.question);

/** Runs work in the lobby's turn, so two calls of its host never interleave (the service's exclusive()). */
export type InTurn = <T>(work: () => Promise<T>) => Promise<T | Refusal>;

export class OwnQuestionBook {
  constructor(
    private readonly store: LobbyStorePort,
    private readonly state: LobbyState,
    private readonly now: number,
    /** the lobby saw activity */
    private readonly touched: () => void,
    private readonly log: (line: string) => void,
    private readonly quota: OwnQuota,
    private readonly inTurn: InTurn,
  ) {}

  /** Durable when it answers a number (the rows changed); a refusal when the store refused it. */
  private write(change: LobbyChange, what: string): Promise<number | Refusal> {
    return committing(this.store, change).catch((err: unknown) => storageRefused(this.log, what, err));
  }

  /**
   * Whether `added` more bytes (net of what they replace) fit the lobby's quota and the server's, so a
   * full disk is never how the questions stop (docs/decisions.md "Keeping strangers out").
   */
  private async room(held: readonly OwnQuestion[], added: number): Promise<Refusal | null> {
    if (added <= 0) return null;
    const mine = held.reduce((sum, q) => sum + ownQuestionBytes(q), 0);
    if (mine + added > this.quota.lobbyBytes) return refuse("conflict", `A lobby's questions may take at most ${kb(this.quota.lobbyBytes)}: they take ${kb(mine)}, and this would add ${kb(added)}`);
    if ((await this.store.ownQuestionBytesInAll()) + added > this.quota.totalBytes) return refuse("unavailable", "The server has no room for more questions now; try again later");
    return null;
  }

  /** Every question, and whether a game of this lobby has asked it already. */
  async list(): Promise<(OwnQuestion & { asked: boolean })[]> {
    const asked = new Set(this.state.asked.map(questionKey));
    return (await this.store.ownQuestions(this.state.code)).map((q) => ({ ...q, asked: asked.has(key(q)) }));
  }

  /** Adds the questions the lobby does not hold yet; all of them or, past the limit, none. */
  add(questions: readonly Question[]): Promise<Refusal | { ok: true; added: number; total: number }> {
    return this.inTurn(() => this.adding(questions));
  }

  private async adding(questions: readonly Question[]): Promise<Refusal | { ok: true; added: number; total: number }> {
    const held = await this.store.ownQuestions(this.state.code);
    const fresh = unasked(questions, held.map((q) => q.question));
    const total = held.length + fresh.length;
    if (total > OWN_QUESTIONS_MAX) {
      return refuse("conflict", `A lobby holds at most ${OWN_QUESTIONS_MAX} questions: it has ${held.length}, and this would add ${fresh.length}`);
    }
    const full = await this.room(held, fresh.reduce((sum, q) => sum + ownQuestionBytes(q), 0));
    if (full) return full;
    if (fresh.length > 0) {
      const written = await this.write({ kind: "addOwn", code: this.state.code, questions: fresh, at: this.now }, `adding questions to ${this.state.code}`);
      if (typeof written !== "number") return written;
      this.touched();
    }
    return { ok: true, added: fresh.length, total };
  }

  update(id: number, question: Question): Promise<Refusal | { ok: true; question: OwnQuestion }> {
    return this.inTurn(() => this.updating(id, question));
  }

  private async updating(id: number, question: Question): Promise<Refusal | { ok: true; question: OwnQuestion }> {
    const held = await this.store.ownQuestions(this.state.code);
    if (!held.some((q) => q.id === id)) return refuse("notFound", "No such question in this lobby");
    if (held.some((q) => q.id !== id && key(q) === key(question))) return refuse("conflict", "This lobby already has that question");
    const full = await this.room(held, ownQuestionBytes(question) - ownQuestionBytes(held.find((q) => q.id === id)!));
    if (full) return full;
    const written = await this.write({ kind: "updateOwn", code: this.state.code, id, question, at: this.now }, `editing a question of ${this.state.code}`);
    if (typeof written !== "number") return written;
    this.touched();
    return { ok: true, question: { id, ...question } };
  }

  remove(id: number): Promise<Refusal | { ok: true; total: number }> {
    return this.inTurn(async () => {
      const removed = await this.write({ kind: "removeOwn", code: this.state.code, id, at: this.now }, `removing a question of ${this.state.code}`);
      if (typeof removed !== "number") return removed;
      if (removed === 0) return refuse("notFound", "No such question in this lobby");
      this.touched();
      return { ok: true as const, total: (await this.store.ownQuestions(this.state.code)).length };
    });
  }
}
