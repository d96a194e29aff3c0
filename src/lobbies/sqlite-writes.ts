// How each kind of change is written to SQLite (store.ts): one transaction per change, on the
// store's connection, on the thread that asked (docs/decisions.md "Commits off the event loop" says
// why not a writer thread). A change the database refuses is rolled back whole and thrown.
import type { Database } from "bun:sqlite";
import { CHAT_HISTORY } from "../game/settings";
import { ownBody } from "../game/own-question-rules";
import { chatJson } from "./chat-json";
import type { LobbyChange } from "./store-port";

/**
 * Appends of a lobby between two prunes of its chat to the history's length. Each prune deletes the
 * rows that fell out since the last. When a lobby's rows lay among every other lobby's, each row
 * deleted was a page written, and 50 at a time took 0.6 ms on one line in 50, which set chat's p99;
 * with the rows kept together by lobby (migrations.ts, step 5), 10 rows are a page (docs/bench.md
 * "Where the tail comes from").
 */
const PRUNE_EVERY = 10;

/** How long a commit waits for the writers' lock before it is refused as the disk's fault. */
const LOCK_WAIT_MS = 5000;
/** What `Atomics.wait` sleeps on between two tries for the lock. */
const pause = new Int32Array(new SharedArrayBuffer(4));

function statements(db: Database) {
  return {
    save: db.prepare("INSERT INTO lobbies (code, state, updated_at) VALUES (?, ?, ?) ON CONFLICT(code) DO UPDATE SET state = excluded.state, updated_at = excluded.updated_at"),
    removeLobby: db.prepare("DELETE FROM lobbies WHERE code = ?"),
    removeChat: db.prepare("DELETE FROM chat WHERE code = ?"),
    append: db.prepare("INSERT INTO chat (code, id, body) VALUES (?, ?, ?)"),
    prune: db.prepare("DELETE FROM chat WHERE code = ? AND id <= (SELECT id FROM chat WHERE code = ? ORDER BY id DESC LIMIT 1 OFFSET ?)"),
    stateOf: db.prepare("SELECT state FROM lobbies WHERE code = ?"),
    allChat: db.prepare("SELECT body FROM chat WHERE code = ? ORDER BY id"),
    ownBodies: db.prepare("SELECT body FROM own_questions WHERE code = ? ORDER BY id"),
    addOwn: db.prepare("INSERT INTO own_questions (code, body) VALUES (?, ?)"),
    updateOwn: db.prepare("UPDATE own_questions SET body = ? WHERE code = ? AND id = ?"),
    removeOwn: db.prepare("DELETE FROM own_questions WHERE code = ? AND id = ?"),
    removeAllOwn: db.prepare("DELETE FROM own_questions WHERE code = ?"),
    touch: db.prepare("UPDATE lobbies SET updated_at = ? WHERE code = ?"),
    // The transaction's own statements, prepared once: every change runs them.
    begin: db.prepare("BEGIN IMMEDIATE"),
    commit: db.prepare("COMMIT"),
    quarantine: db.prepare("INSERT INTO quarantine (code, state, chat, own_questions, reason, at) VALUES (?, ?, ?, ?, ?, ?)"),
  };
}

export class SqliteWrites {
  private readonly s;
  /** Lines appended per lobby since its chat was last pruned to the history's length. */
  private readonly appendsSincePrune = new Map<string, number>();
  /** The next chat row's id: global and increasing, so rows keep the order they were said in (migrations.ts, step 5). */
  private nextChatId: number;

  constructor(private readonly db: Database) {
    this.s = statements(db);
    this.nextChatId = (db.query("SELECT COALESCE(MAX(id), 0) AS id FROM chat").get() as { id: number }).id + 1;
  }

  /** Writes the change in a transaction of its own; returns the own-question rows it changed, or throws with nothing written. */
  write(change: LobbyChange): number {
    this.begin();
    try {
      const rows = this.apply(change);
      this.s.commit.run();
      return rows;
    } catch (err) {
      if (this.db.inTransaction) this.db.run("ROLLBACK");
      // A prune counted in the failed change may not have happened; counting again from zero only prunes later.
      this.appendsSincePrune.delete(change.code);
      throw err;
    }
  }

  /**
   * Takes the writers' lock. Only the checkpointer's restart of the WAL (checkpointer.ts) holds it
   * besides this connection, for its last frames' copy and two fsyncs. SQLite's own busy handler
   * sleeps 1, then 2, then 5 ms, so a restart that held the lock 3 ms kept the event loop 8 ms
   * (docs/bench.md "Where the tail comes from"); tried again every 0.05 ms, a commit waits as long
   * as the lock is held. The connection's busy timeout is 0 (store.ts) for this.
   */
  private begin(): void {
    const until = performance.now() + LOCK_WAIT_MS;
    for (;;) {
      try {
        this.s.begin.run();
        return;
      } catch (err) {
        if ((err as { code?: unknown }).code !== "SQLITE_BUSY" || performance.now() > until) throw err;
        Atomics.wait(pause, 0, 0, 0.05);
      }
    }
  }

  private apply(change: LobbyChange): number {
    const s = this.s;
    switch (change.kind) {
      // One machine's registry knows every code in use, so a new lobby's row is written as a save is.
      case "create":
      case "save": {
        const { chat: _chat, ...rest } = change.state;
        s.save.run(change.code, JSON.stringify(rest), change.at);
        return 0;
      }
      case "chat": {
        s.append.run(change.code, this.nextChatId++, chatJson(change.message));
        const count = (this.appendsSincePrune.get(change.code) ?? 0) + 1;
        // A few lines at a time: pruning every append doubles a commit's median, and pruning every
        // 50 made those commits 40 times the others (docs/bench.md "Where the tail comes from").
        if (count < PRUNE_EVERY) this.appendsSincePrune.set(change.code, count);
        else {
          this.appendsSincePrune.set(change.code, 0);
          s.prune.run(change.code, change.code, CHAT_HISTORY);
        }
        return 0;
      }
      case "remove":
        this.dropRows(change.code);
        return 0;
      case "quarantine": {
        const row = s.stateOf.get(change.code) as { state: string } | null;
        if (!row) return 0;
        const chat = (s.allChat.all(change.code) as { body: string }[]).map((c) => c.body);
        const own = (s.ownBodies.all(change.code) as { body: string }[]).map((o) => o.body);
        s.quarantine.run(change.code, row.state, JSON.stringify(chat), JSON.stringify(own), change.reason, Date.now());
        this.dropRows(change.code);
        return 0;
      }
      case "addOwn":
        for (const question of change.questions) s.addOwn.run(change.code, JSON.stringify(ownBody(question)));
        s.touch.run(change.at, change.code);
        return change.questions.length;
      case "updateOwn":
      case "removeOwn": {
        const changed = change.kind === "updateOwn" ? s.updateOwn.run(JSON.stringify(ownBody(change.question)), change.code, change.id).changes : s.removeOwn.run(change.code, change.id).changes;
        if (changed > 0) s.touch.run(change.at, change.code);
        return changed;
      }
    }
  }

  private dropRows(code: string): void {
    this.s.removeLobby.run(code);
    this.s.removeChat.run(code);
    this.s.removeAllOwn.run(code);
    this.appendsSincePrune.delete(code);
  }

  /** A connection with a live statement only pretends to close, and keeps the WAL. */
  finalize(): void {
    for (const statement of Object.values(this.s)) statement.finalize();
  }
}
