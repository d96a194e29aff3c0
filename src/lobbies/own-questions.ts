// A lobby's own questions as its host manages them (docs/decisions.md "Your own questions"): at most
// OWN_QUESTIONS_MAX, each question once (as src/game/same-question.ts compares them: a lobby never
// asks one twice, so a second copy could never be asked). Rows arrive validated; the answers stay in
// the store and leave it only through the host's own calls, and in a round's results.
import { refuse, type Refusal } from "../game/commands";
import { questionKey, unasked } from "../game/same-question";
import { OWN_QUESTIONS_MAX } from "../game/settings";
import type { LobbyState, OwnQuestion, Question } from "../game/types";
import { durably, isStorageFault } from "./storage-fault";
import { ownQuestionBytes, type LobbyStore } from "./store";

/** What a lobby's own questions may take on disk (OWN_QUESTIONS_LOBBY_BYTES, OWN_QUESTIONS_TOTAL_BYTES). */
export interface OwnQuota {
  lobbyBytes: number;
  totalBytes: number;
}

const kb = (bytes: number) => `${Math.ceil(bytes / 1024)} KB`;

const key = (q: { question: string }) => questionKey(q.question);

export class OwnQuestionBook {
  constructor(
    private readonly store: LobbyStore,
    private readonly state: LobbyState,
    private readonly now: number,
    /** the lobby saw activity */
    private readonly touched: () => void,
    private readonly log: (line: string) => void,
    private readonly quota: OwnQuota,
  ) {}

  /**
   * Whether `added` more bytes (net of what they replace) fit the lobby's quota and the server's, so a
   * full disk is never how the questions stop (docs/decisions.md "Keeping strangers out").
   */
  private room(held: readonly OwnQuestion[], added: number): Refusal | null {
    if (added <= 0) return null;
    const mine = held.reduce((sum, q) => sum + ownQuestionBytes(q), 0);
    if (mine + added > this.quota.lobbyBytes) return refuse("conflict", `A lobby's questions may take at most ${kb(this.quota.lobbyBytes)}: they take ${kb(mine)}, and this would add ${kb(added)}`);
    if (this.store.ownQuestionBytesInAll() + added > this.quota.totalBytes) return refuse("unavailable", "The server has no room for more questions now; try again later");
    return null;
  }

  /** Every question, and whether a game of this lobby has asked it already. */
  list(): (OwnQuestion & { asked: boolean })[] {
    const asked = new Set(this.state.asked.map(questionKey));
    return this.store.ownQuestions(this.state.code).map((q) => ({ ...q, asked: asked.has(key(q)) }));
  }

  /** Adds the questions the lobby does not hold yet; all of them or, past the limit, none. */
  add(questions: readonly Question[]): Refusal | { ok: true; added: number; total: number } {
    const held = this.store.ownQuestions(this.state.code);
    const fresh = unasked(questions, held.map((q) => q.question));
    const total = held.length + fresh.length;
    if (total > OWN_QUESTIONS_MAX) {
      return refuse("conflict", `A lobby holds at most ${OWN_QUESTIONS_MAX} questions: it has ${held.length}, and this would add ${fresh.length}`);
    }
    const full = this.room(held, fresh.reduce((sum, q) => sum + ownQuestionBytes(q), 0));
    if (full) return full;
    if (fresh.length > 0) {
      const written = durably(() => this.store.addOwnQuestions(this.state.code, fresh, this.now), this.log, `adding questions to ${this.state.code}`);
      if (isStorageFault(written)) return written;
      this.touched();
    }
    return { ok: true, added: fresh.length, total };
  }

  update(id: number, question: Question): Refusal | { ok: true; question: OwnQuestion } {
    const held = this.store.ownQuestions(this.state.code);
    if (!held.some((q) => q.id === id)) return refuse("notFound", "No such question in this lobby");
    if (held.some((q) => q.id !== id && key(q) === key(question))) return refuse("conflict", "This lobby already has that question");
    const full = this.room(held, ownQuestionBytes(question) - ownQuestionBytes(held.find((q) => q.id === id)!));
    if (full) return full;
    const written = durably(() => this.store.updateOwnQuestion(this.state.code, id, question, this.now), this.log, `editing a question of ${this.state.code}`);
    if (isStorageFault(written)) return written;
    this.touched();
    return { ok: true, question: { id, ...question } };
  }

  remove(id: number): Refusal | { ok: true; total: number } {
    const removed = durably(() => this.store.removeOwnQuestion(this.state.code, id, this.now), this.log, `removing a question of ${this.state.code}`);
    if (isStorageFault(removed)) return removed;
    if (!removed) return refuse("notFound", "No such question in this lobby");
    this.touched();
    return { ok: true, total: this.store.ownQuestions(this.state.code).length };
  }
}
