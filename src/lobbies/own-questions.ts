// A lobby's own questions as its host manages them (docs/decisions.md "Your own questions"): the rules
// are src/game/own-question-rules.ts; this reads what they decide on (the lobby's questions, the
// server's total), in the lobby's turn so that two calls of its host never interleave, and writes what
// they allow. Rows arrive validated; the answers stay in the store and leave it only through the
// host's own calls, and in a round's results.
import { refuse, type Refusal } from "../game/commands";
import { addOwn, serverRoom, updateOwn, type OwnQuota } from "../game/own-question-rules";
import { questionKey } from "../game/same-question";
import type { LobbyState, OwnQuestion, Question } from "../game/types";
import { storageRefused } from "./storage-fault";
import { committing, type LobbyChange, type LobbyStorePort } from "./store-port";

/** Runs work in the lobby's turn, so two calls of its host never interleave (the live lobby's exclusive()). */
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

  /** The server's quota, read only when the change adds bytes. */
  private async serverRoom(addedBytes: number): Promise<Refusal | null> {
    return addedBytes > 0 ? serverRoom(await this.store.ownQuestionBytesInAll(), addedBytes, this.quota) : null;
  }

  /** Every question, and whether a game of this lobby has asked it already. */
  async list(): Promise<(OwnQuestion & { asked: boolean })[]> {
    const asked = new Set(this.state.asked.map(questionKey));
    return (await this.store.ownQuestions(this.state.code)).map((q) => ({ ...q, asked: asked.has(questionKey(q.question)) }));
  }

  /** Adds the questions the lobby does not hold yet; all of them or, past the limit, none. */
  add(questions: readonly Question[]): Promise<Refusal | { ok: true; added: number; total: number }> {
    return this.inTurn(async () => {
      const allowed = addOwn(await this.store.ownQuestions(this.state.code), questions, this.quota);
      if (!allowed.ok) return allowed;
      const full = await this.serverRoom(allowed.addedBytes);
      if (full) return full;
      const { fresh, total } = allowed;
      if (fresh.length > 0) {
        const written = await this.write({ kind: "addOwn", code: this.state.code, questions: fresh, at: this.now }, `adding questions to ${this.state.code}`);
        if (typeof written !== "number") return written;
        this.touched();
      }
      return { ok: true as const, added: fresh.length, total };
    });
  }

  update(id: number, question: Question): Promise<Refusal | { ok: true; question: OwnQuestion }> {
    return this.inTurn(async () => {
      const allowed = updateOwn(await this.store.ownQuestions(this.state.code), id, question, this.quota);
      if (!allowed.ok) return allowed;
      const full = await this.serverRoom(allowed.addedBytes);
      if (full) return full;
      const written = await this.write({ kind: "updateOwn", code: this.state.code, id, question, at: this.now }, `editing a question of ${this.state.code}`);
      if (typeof written !== "number") return written;
      this.touched();
      return { ok: true as const, question: { id, ...question } };
    });
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
