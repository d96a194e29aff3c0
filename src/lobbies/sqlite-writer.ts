// The SQLite writer, on a worker thread of its own (docs/decisions.md "Commits off the event loop"):
// every write of the store comes here, so no disk wait ever sits in the event loop's path. Changes
// that arrive while a transaction runs go into the next one (group commit): one WAL append for many
// commands. Each change has a savepoint, so a row the database refuses refuses only its own change;
// a group whose COMMIT fails (a full disk) is tried again one change per transaction, so each gets
// its own answer. Checkpoints are not this thread's: they run on the checkpointer's (checkpointer.ts).
import { Database, type Statement } from "bun:sqlite";
import { CHAT_HISTORY } from "../game/settings";

declare const self: Worker;

/** The same backstop as the store's own connection: checkpoints are the checkpointer's (~40 MB of WAL). */
const BACKSTOP_PAGES = 10_000;

/** A change as it crosses to the writer: the JSON already encoded by the store. */
export type WireChange =
  | { k: "save"; code: string; body: string; at: number }
  | { k: "chat"; code: string; body: string }
  | { k: "remove"; code: string }
  | { k: "quarantine"; code: string; reason: string; at: number }
  | { k: "addOwn"; code: string; bodies: string[]; at: number }
  | { k: "updateOwn"; code: string; id: number; body: string; at: number }
  | { k: "removeOwn"; code: string; id: number; at: number };

export type ToWriter = { open: string } | { changes: WireChange[] } | "close";
/** One answer per change, in the order they came: the rows changed, or why it was refused. */
export type FromWriter = { ready: true } | { failed: string } | { results: (number | string)[]; groupMs: number; groupSize: number } | { closed: true };

let db: Database | null = null;
let q: ReturnType<typeof statements> | null = null;
let queued: WireChange[] = [];
let flushing = false;
let closing = false;
let path = "";
const appendsSincePrune = new Map<string, number>();

function statements(db: Database) {
  const prepare = (sql: string): Statement => db.prepare(sql);
  return {
    save: prepare("INSERT INTO lobbies (code, state, updated_at) VALUES (?, ?, ?) ON CONFLICT(code) DO UPDATE SET state = excluded.state, updated_at = excluded.updated_at"),
    removeLobby: prepare("DELETE FROM lobbies WHERE code = ?"),
    removeChat: prepare("DELETE FROM chat WHERE code = ?"),
    append: prepare("INSERT INTO chat (code, body) VALUES (?, ?)"),
    prune: prepare("DELETE FROM chat WHERE code = ? AND id <= (SELECT id FROM chat WHERE code = ? ORDER BY id DESC LIMIT 1 OFFSET ?)"),
    stateOf: prepare("SELECT state FROM lobbies WHERE code = ?"),
    allChat: prepare("SELECT body FROM chat WHERE code = ? ORDER BY id"),
    ownBodies: prepare("SELECT body FROM own_questions WHERE code = ? ORDER BY id"),
    addOwn: prepare("INSERT INTO own_questions (code, body) VALUES (?, ?)"),
    updateOwn: prepare("UPDATE own_questions SET body = ? WHERE code = ? AND id = ?"),
    removeOwn: prepare("DELETE FROM own_questions WHERE code = ? AND id = ?"),
    removeAllOwn: prepare("DELETE FROM own_questions WHERE code = ?"),
    touch: prepare("UPDATE lobbies SET updated_at = ? WHERE code = ?"),
    // The transaction's own statements, prepared once: a group of N changes runs 2N + 2 of them.
    begin: prepare("BEGIN IMMEDIATE"),
    commit: prepare("COMMIT"),
    savepoint: prepare("SAVEPOINT change"),
    release: prepare("RELEASE change"),
    rollbackTo: prepare("ROLLBACK TO change"),
    quarantine: prepare("INSERT INTO quarantine (code, state, chat, own_questions, reason, at) VALUES (?, ?, ?, ?, ?, ?)"),
  };
}

/** Writes one change; returns the own-question rows it changed. Throws when the database refuses it. */
function write(s: NonNullable<typeof q>, change: WireChange): number {
  switch (change.k) {
    case "save":
      s.save.run(change.code, change.body, change.at);
      return 0;
    case "chat": {
      s.append.run(change.code, change.body);
      const count = (appendsSincePrune.get(change.code) ?? 0) + 1;
      // Pruning every append would double the cost of chat; every few dozen keeps the table bounded.
      if (count < CHAT_HISTORY / 2) appendsSincePrune.set(change.code, count);
      else {
        appendsSincePrune.set(change.code, 0);
        s.prune.run(change.code, change.code, CHAT_HISTORY);
      }
      return 0;
    }
    case "remove":
      dropRows(s, change.code);
      return 0;
    case "quarantine": {
      const row = s.stateOf.get(change.code) as { state: string } | null;
      if (!row) return 0;
      const chat = (s.allChat.all(change.code) as { body: string }[]).map((c) => c.body);
      const own = (s.ownBodies.all(change.code) as { body: string }[]).map((o) => o.body);
      s.quarantine.run(change.code, row.state, JSON.stringify(chat), JSON.stringify(own), change.reason, change.at);
      dropRows(s, change.code);
      return 0;
    }
    case "addOwn":
      for (const body of change.bodies) s.addOwn.run(change.code, body);
      s.touch.run(change.at, change.code);
      return change.bodies.length;
    case "updateOwn":
    case "removeOwn": {
      const changed = change.k === "updateOwn" ? s.updateOwn.run(change.body, change.code, change.id).changes : s.removeOwn.run(change.code, change.id).changes;
      if (changed > 0) s.touch.run(change.at, change.code);
      return changed;
    }
  }
}

function dropRows(s: NonNullable<typeof q>, code: string): void {
  s.removeLobby.run(code);
  s.removeChat.run(code);
  s.removeAllOwn.run(code);
  appendsSincePrune.delete(code);
}

/** One change in the open transaction, under its own savepoint: a refusal rolls back only it. */
function underSavepoint(s: NonNullable<typeof q>, change: WireChange): number | string {
  s.savepoint.run();
  try {
    const rows = write(s, change);
    s.release.run();
    return rows;
  } catch (err) {
    s.rollbackTo.run();
    s.release.run();
    return String(err);
  }
}

/** The changes in one transaction; if its COMMIT fails, each alone, so each gets its own answer. */
function group(database: Database, s: NonNullable<typeof q>, changes: WireChange[]): (number | string)[] {
  try {
    s.begin.run();
  } catch (err) {
    return changes.map(() => String(err));
  }
  const results = changes.map((change) => underSavepoint(s, change));
  try {
    s.commit.run();
    return results;
  } catch {
    if (database.inTransaction) database.run("ROLLBACK");
    // A prune counted in the failed group may not have happened; counting again from zero only prunes later.
    appendsSincePrune.clear();
    if (changes.length === 1) return [String(new Error("the database could not commit"))];
    return changes.map((change) => group(database, s, [change])[0]!);
  }
}

/** Opens the writer's connection; null when it could, else why not (each group tries again). */
function open(): string | null {
  try {
    db = new Database(path, { strict: true });
    // The same settings as the store's own connection (store.ts): NORMAL in WAL survives a killed process.
    db.run("PRAGMA synchronous = NORMAL");
    db.run("PRAGMA busy_timeout = 5000");
    db.run(`PRAGMA wal_autocheckpoint = ${BACKSTOP_PAGES}`);
    q = statements(db);
    return null;
  } catch (err) {
    db?.close();
    db = null;
    q = null;
    return String(err);
  }
}

function flush(): void {
  flushing = false;
  if (queued.length > 0) {
    const changes = queued;
    queued = [];
    const started = performance.now();
    const unopened = db && q ? null : open();
    const results = unopened === null ? group(db!, q!, changes) : changes.map(() => unopened);
    self.postMessage({ results, groupMs: performance.now() - started, groupSize: changes.length } satisfies FromWriter);
  }
  if (closing) finish();
}

function finish(): void {
  try {
    // Finalized first: a connection with a live statement only pretends to close, and keeps the WAL.
    for (const statement of Object.values(q ?? {})) statement.finalize();
    db?.close();
  } finally {
    db = null;
    self.postMessage({ closed: true } satisfies FromWriter);
    process.exit(0);
  }
}

self.onmessage = (event: MessageEvent<ToWriter>) => {
  const message = event.data;
  if (message === "close") {
    // What was sent before is written first: a pending group finishes, then the database closes.
    closing = true;
    if (!flushing) finish();
    return;
  }
  if ("open" in message) {
    path = message.open;
    const why = open();
    self.postMessage((why === null ? { ready: true } : { failed: why }) satisfies FromWriter);
    return;
  }
  for (const change of message.changes) queued.push(change);
  // Every message already waiting is taken into this group before it is written.
  if (!flushing) {
    flushing = true;
    setImmediate(flush);
  }
};
