// Durable lobbies in SQLite (WAL). The lobby's state is one JSON row; chat is appended as rows,
// because rewriting a hundred messages per chat line would make the busiest command the costliest.
// A lobby's own questions are rows too, kept out of the state so that no view can ever carry them.
import { Database } from "bun:sqlite";
import { CHAT_HISTORY } from "../game/settings";
import { migrate } from "./migrations";
import { parseChatLine, parseStoredLobby } from "./stored-state";
import type { ChatMessage, LobbyState, OwnQuestion, Question } from "../game/types";

const BACKSTOP_PAGES = 10_000;
const CHECKPOINT_EVERY_MS = 200;


/** Only the question's own fields are kept, in a fixed order. */
const ownBody = ({ category, question, answer, aliases }: Question): Question => ({ category, question, answer, aliases });

/** The bytes one question of a lobby's own takes as stored: what the own-question quotas count. */
export const ownQuestionBytes = (q: Question) => Buffer.byteLength(JSON.stringify(ownBody(q)));

export interface StoredLobby {
  state: LobbyState;
  updatedAt: number;
}

export class LobbyStore {
  private readonly db: Database;
  private readonly appendsSincePrune = new Map<string, number>();
  private readonly q;
  private readonly checkpointer: Worker;

  constructor(
    path: string,
    private readonly log: (line: string) => void = (line) => console.log(line),
  ) {
    this.db = new Database(path, { create: true, strict: true });
    this.db.run("PRAGMA journal_mode = WAL");
    // NORMAL in WAL survives a crashed or killed process; FULL would also survive power loss at a
    // cost of one fsync per command, which a Pi's SD card cannot pay at chat rates.
    this.db.run("PRAGMA synchronous = NORMAL");
    this.db.run("PRAGMA busy_timeout = 5000");
    // Checkpoints run on a worker thread (checkpointer.ts); this is only the backstop (~40 MB of WAL).
    this.db.run(`PRAGMA wal_autocheckpoint = ${BACKSTOP_PAGES}`);
    try {
      migrate(this.db);
    } catch (err) {
      this.db.close();
      throw err;
    }
    // Started once the database is known to be usable. Not ref'd: the checkpointer never keeps the process alive.
    this.checkpointer = new Worker(new URL("./checkpointer.ts", import.meta.url).href, { ref: false, smol: true });
    this.checkpointer.postMessage({ path, everyMs: CHECKPOINT_EVERY_MS });
    this.q = {
      save: this.db.prepare("INSERT INTO lobbies (code, state, updated_at) VALUES (?, ?, ?) ON CONFLICT(code) DO UPDATE SET state = excluded.state, updated_at = excluded.updated_at"),
      removeLobby: this.db.prepare("DELETE FROM lobbies WHERE code = ?"),
      removeChat: this.db.prepare("DELETE FROM chat WHERE code = ?"),
      append: this.db.prepare("INSERT INTO chat (code, body) VALUES (?, ?)"),
      prune: this.db.prepare("DELETE FROM chat WHERE code = ? AND id <= (SELECT id FROM chat WHERE code = ? ORDER BY id DESC LIMIT 1 OFFSET ?)"),
      all: this.db.prepare("SELECT code, state, updated_at FROM lobbies"),
      stateOf: this.db.prepare("SELECT state FROM lobbies WHERE code = ?"),
      recentChat: this.db.prepare("SELECT body FROM (SELECT id, body FROM chat WHERE code = ? ORDER BY id DESC LIMIT ?) ORDER BY id"),
      ownQuestions: this.db.prepare("SELECT id, body FROM own_questions WHERE code = ? ORDER BY id"),
      addOwn: this.db.prepare("INSERT INTO own_questions (code, body) VALUES (?, ?)"),
      updateOwn: this.db.prepare("UPDATE own_questions SET body = ? WHERE code = ? AND id = ?"),
      removeOwn: this.db.prepare("DELETE FROM own_questions WHERE code = ? AND id = ?"),
      removeAllOwn: this.db.prepare("DELETE FROM own_questions WHERE code = ?"),
      ownBytes: this.db.prepare("SELECT COALESCE(SUM(length(CAST(body AS BLOB))), 0) AS bytes FROM own_questions"),
      touch: this.db.prepare("UPDATE lobbies SET updated_at = ? WHERE code = ?"),
      allChat: this.db.prepare("SELECT body FROM chat WHERE code = ? ORDER BY id"),
      quarantine: this.db.prepare("INSERT INTO quarantine (code, state, chat, own_questions, reason, at) VALUES (?, ?, ?, ?, ?, ?)"),
    };
  }

  save(state: LobbyState, now: number): void {
    const { chat: _chat, ...rest } = state;
    this.q.save.run(state.code, JSON.stringify(rest), now);
  }

  /** The message's timestamp is the lobby's last activity (loadAll reads it back), so one row is written. */
  appendChat(code: string, message: ChatMessage): void {
    this.q.append.run(code, JSON.stringify(message));
    const count = (this.appendsSincePrune.get(code) ?? 0) + 1;
    // Pruning every append would double the cost of chat; every few dozen keeps the table bounded.
    if (count < CHAT_HISTORY / 2) return void this.appendsSincePrune.set(code, count);
    this.appendsSincePrune.set(code, 0);
    this.q.prune.run(code, code, CHAT_HISTORY);
  }

  remove(code: string): void {
    this.db.transaction(() => {
      this.q.removeLobby.run(code);
      this.q.removeChat.run(code);
      this.q.removeAllOwn.run(code);
    })();
    this.appendsSincePrune.delete(code);
  }

  ownQuestions(code: string): OwnQuestion[] {
    const rows = this.q.ownQuestions.all(code) as { id: number; body: string }[];
    return rows.map((row) => ({ id: row.id, ...(JSON.parse(row.body) as Question) }));
  }

  /** The bytes of every lobby's own questions together (a lobby's own are summed from its list). */
  ownQuestionBytesInAll(): number {
    return (this.q.ownBytes.get() as { bytes: number }).bytes;
  }

  /** Adds them in one transaction; editing the questions is activity, as a command is. */
  addOwnQuestions(code: string, questions: readonly Question[], now: number): void {
    this.db.transaction(() => {
      for (const q of questions) this.q.addOwn.run(code, JSON.stringify(ownBody(q)));
      this.q.touch.run(now, code);
    })();
  }

  /** Whether the lobby had a question with this id. */
  updateOwnQuestion(code: string, id: number, question: Question, now: number): boolean {
    return this.db.transaction(() => {
      const changed = this.q.updateOwn.run(JSON.stringify(ownBody(question)), code, id).changes > 0;
      if (changed) this.q.touch.run(now, code);
      return changed;
    })();
  }

  /** Whether the lobby had a question with this id. */
  removeOwnQuestion(code: string, id: number, now: number): boolean {
    return this.db.transaction(() => {
      const removed = this.q.removeOwn.run(code, id).changes > 0;
      if (removed) this.q.touch.run(now, code);
      return removed;
    })();
  }

  /** Every lobby that passes validation; one that fails is moved whole to the quarantine table. */
  loadAll(): StoredLobby[] {
    const rows = this.q.all.all() as { code: string; state: string; updated_at: number }[];
    const loaded: StoredLobby[] = [];
    for (const row of rows) {
      const state = parseStoredLobby(row.state);
      if (!state.ok) {
        this.unloadable(row.code, row.state, state.reason);
        continue;
      }
      const lines = (this.q.recentChat.all(row.code, CHAT_HISTORY) as { body: string }[]).map((c) => parseChatLine(c.body));
      const badLine = lines.flatMap((line) => (line.ok ? [] : [line.reason]))[0];
      if (badLine !== undefined) {
        this.unloadable(row.code, row.state, `chat: ${badLine}`);
        continue;
      }
      const chat = lines.flatMap((line) => (line.ok ? [line.value] : []));
      // A chat line is activity too: it is not written into the lobby's row, only appended.
      const updatedAt = Math.max(row.updated_at, chat.at(-1)?.timestamp ?? 0);
      loaded.push({ state: { ...state.value, chat }, updatedAt });
    }
    return loaded;
  }

  /** A live lobby whose rules keep failing: its saved rows go where the next start will not load them. */
  quarantine(code: string, reason: string): void {
    const row = this.q.stateOf.get(code) as { state: string } | null;
    this.log(`store: lobby ${code} set aside (${reason}); moved to the quarantine table`);
    if (row) this.moveAside(code, row.state, reason);
    this.appendsSincePrune.delete(code);
  }

  private unloadable(code: string, state: string, reason: string): void {
    this.log(`store: lobby ${code} does not load (${reason}); moved to the quarantine table`);
    this.moveAside(code, state, reason);
  }

  /** Moves the lobby's rows aside, so its code can be given out again with nothing of it left behind. */
  private moveAside(code: string, state: string, reason: string): void {
    try {
      this.db.transaction(() => {
        const chat = (this.q.allChat.all(code) as { body: string }[]).map((c) => c.body);
        const own = (this.q.ownQuestions.all(code) as { body: string }[]).map((q) => q.body);
        this.q.quarantine.run(code, state, JSON.stringify(chat), JSON.stringify(own), reason, Date.now());
        this.q.removeLobby.run(code);
        this.q.removeChat.run(code);
        this.q.removeAllOwn.run(code);
      })();
    } catch (err) {
      // A disk that refuses the move: the rows stay where they were, and the next start meets them again.
      this.log(`store: could not quarantine ${code}: ${String(err)}`);
    }
  }

  close(): void {
    this.checkpointer.postMessage("close");
    this.db.close();
  }
}
