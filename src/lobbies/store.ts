// Durable lobbies in SQLite (WAL), the store port of one machine (store-port.ts). The lobby's state
// is one JSON row; chat is appended as rows, because rewriting a hundred messages per chat line would
// make the busiest command the costliest. A lobby's own questions are rows too, kept out of the state
// so that no view can ever carry them. Reads run here, on the store's own connection; every write goes
// to the writer thread (sqlite-writer.ts), which groups the changes of many commands into one commit.
import { Database } from "bun:sqlite";
import { CHAT_HISTORY } from "../game/settings";
import type { OwnQuestion, Question } from "../game/types";
import { migrate } from "./migrations";
import { CommitStats } from "./commit-stats";
import { parseChatLine, parseStoredLobby } from "./stored-state";
import { ownBody, type LobbyChange, type LobbyStorePort, type StoredLobby } from "./store-port";
import type { FromWriter, ToWriter, WireChange } from "./sqlite-writer";

const BACKSTOP_PAGES = 10_000;
const CHECKPOINT_EVERY_MS = 200;

/** A commit's promise and its resolvers, one object (no closure per commit), and when it was queued. */
type Pending = PromiseWithResolvers<number> & { sentAt: number };

export class LobbyStore implements LobbyStorePort {
  private readonly db: Database;
  private readonly q;
  private writer: Worker;
  private readonly checkpointer: Worker;
  /**
   * Changes of this turn of the event loop, sent to the writer together at its end, in one message
   * that is kept and emptied again: posting copies it (docs/bench.md "Allocations per chat line").
   */
  private readonly outbox: { changes: WireChange[] } = { changes: [] };
  private readonly outboxPending: Pending[] = [];
  /** Sent and not yet answered, in the writer's order. */
  private readonly inFlight: Pending[] = [];
  private writerDown: string | null = null;
  private closed: Promise<void> | null = null;
  readonly stats = new CommitStats();

  constructor(
    private readonly path: string,
    private readonly log: (line: string) => void = (line) => console.log(line),
  ) {
    this.db = new Database(path, { create: true, strict: true });
    this.db.run("PRAGMA journal_mode = WAL");
    // NORMAL in WAL survives a crashed or killed process; FULL would also survive power loss at a
    // cost of one fsync per commit, which a Pi's SD card cannot pay at chat rates.
    this.db.run("PRAGMA synchronous = NORMAL");
    this.db.run("PRAGMA busy_timeout = 5000");
    // Checkpoints run on their own thread (checkpointer.ts); this is only the backstop (~40 MB of WAL).
    this.db.run(`PRAGMA wal_autocheckpoint = ${BACKSTOP_PAGES}`);
    try {
      migrate(this.db);
    } catch (err) {
      this.db.close();
      throw err;
    }
    this.q = {
      all: this.db.prepare("SELECT code, state, updated_at FROM lobbies"),
      recentChat: this.db.prepare("SELECT body FROM (SELECT id, body FROM chat WHERE code = ? ORDER BY id DESC LIMIT ?) ORDER BY id"),
      ownQuestions: this.db.prepare("SELECT id, body FROM own_questions WHERE code = ? ORDER BY id"),
      ownBytes: this.db.prepare("SELECT COALESCE(SUM(length(CAST(body AS BLOB))), 0) AS bytes FROM own_questions"),
    };
    this.writer = this.startWriter();
    // Not ref'd either: the checkpointer never keeps the process alive.
    this.checkpointer = new Worker(new URL("./checkpointer.ts", import.meta.url).href, { ref: false, smol: true });
    this.checkpointer.postMessage({ path, everyMs: CHECKPOINT_EVERY_MS });
  }

  /** Started once the database is known to be usable. Not ref'd: an idle writer never keeps the process alive. */
  private startWriter(): Worker {
    const writer = new Worker(new URL("./sqlite-writer.ts", import.meta.url).href, { ref: false, smol: true });
    writer.onmessage = (event: MessageEvent<FromWriter>) => this.answered(event.data);
    // A writer that dies takes its answers with it: those changes are refused (their commands
    // changed nothing), and a new writer takes the next ones.
    writer.onerror = (event) => this.writerLost(`the writer thread failed: ${event.message}`);
    writer.postMessage({ open: this.path } satisfies ToWriter);
    return writer;
  }

  private answered(message: FromWriter): void {
    // It tries again with the next group; until then each change is refused with the reason.
    if ("failed" in message) return this.log(`store: the writer could not open the database: ${message.failed}`);
    if (!("results" in message)) return;
    this.writerDown = null;
    const now = performance.now();
    this.stats.group(message.groupSize, message.groupMs);
    for (const result of message.results) {
      const pending = this.inFlight.shift();
      if (!pending) break;
      this.stats.acknowledged(now - pending.sentAt);
      if (typeof result === "number") pending.resolve(result);
      else pending.reject(new Error(result));
    }
  }

  private writerLost(why: string): void {
    if (this.closed) return;
    this.log(`store: ${why}; its pending changes are refused`);
    this.writerDown = why;
    for (const pending of this.inFlight.splice(0)) pending.reject(new Error(why));
    this.writer.terminate();
    this.writer = this.startWriter();
  }

  async loadAll(): Promise<StoredLobby[]> {
    const rows = this.q.all.all() as { code: string; state: string; updated_at: number }[];
    const loaded: StoredLobby[] = [];
    const setAside: Promise<unknown>[] = [];
    for (const row of rows) {
      const state = parseStoredLobby(row.state);
      if (!state.ok) {
        setAside.push(this.unloadable(row.code, state.reason));
        continue;
      }
      const lines = (this.q.recentChat.all(row.code, CHAT_HISTORY) as { body: string }[]).map((c) => parseChatLine(c.body));
      const badLine = lines.flatMap((line) => (line.ok ? [] : [line.reason]))[0];
      if (badLine !== undefined) {
        setAside.push(this.unloadable(row.code, `chat: ${badLine}`));
        continue;
      }
      const chat = lines.flatMap((line) => (line.ok ? [line.value] : []));
      // A chat line is activity too: it is not written into the lobby's row, only appended.
      const updatedAt = Math.max(row.updated_at, chat.at(-1)?.timestamp ?? 0);
      loaded.push({ state: { ...state.value, chat }, updatedAt });
    }
    await Promise.all(setAside);
    return loaded;
  }

  /** A row that does not load is moved whole to the quarantine table, so its code can be given out again. */
  private unloadable(code: string, reason: string): Promise<unknown> {
    this.log(`store: lobby ${code} does not load (${reason}); moved to the quarantine table`);
    // A disk that refuses the move: the rows stay where they were, and the next start meets them again.
    return this.enqueue({ k: "quarantine", code, reason, at: Date.now() }).catch((err: unknown) => this.log(`store: could not quarantine ${code}: ${String(err)}`));
  }

  commit(change: LobbyChange): Promise<number> {
    if (change.kind === "quarantine") this.log(`store: lobby ${change.code} set aside (${change.reason}); moved to the quarantine table`);
    return this.enqueue(wire(change));
  }

  private enqueue(change: WireChange): Promise<number> {
    if (this.closed) return Promise.reject(new Error("the store is closed"));
    if (this.outbox.changes.length === 0) setImmediate(this.send);
    const pending = Promise.withResolvers<number>() as Pending;
    pending.sentAt = performance.now();
    this.outbox.changes.push(change);
    this.outboxPending.push(pending);
    return pending.promise;
  }

  /** One message to the writer for every change of this turn. Bound once: setImmediate takes it as it is. */
  private readonly send = (): void => {
    if (this.outbox.changes.length === 0) return;
    for (const pending of this.outboxPending) this.inFlight.push(pending);
    this.outboxPending.length = 0;
    this.writer.postMessage(this.outbox satisfies ToWriter);
    this.outbox.changes.length = 0;
  };

  async ownQuestions(code: string): Promise<OwnQuestion[]> {
    const rows = this.q.ownQuestions.all(code) as { id: number; body: string }[];
    return rows.map((row) => ({ id: row.id, ...(JSON.parse(row.body) as Question) }));
  }

  async ownQuestionBytesInAll(): Promise<number> {
    return (this.q.ownBytes.get() as { bytes: number }).bytes;
  }

  /** The writer writes everything sent before, then closes; then this connection folds the WAL back in. */
  close(): Promise<void> {
    this.closed ??= (async () => {
      this.send();
      // Both threads let go of their connections first, so this one is the last and SQLite folds
      // the WAL back in and removes it; closing before them would leave the WAL behind.
      await Promise.all([this.writerDown === null ? closing(this.writer) : undefined, closing(this.checkpointer)]);
      // SQLite does that only once no statement of the connection is left unfinalized.
      for (const statement of Object.values(this.q)) statement.finalize();
      this.db.close();
      if (this.stats.commits > 0) this.log(`store: ${this.stats.line()}`);
    })();
    return this.closed;
  }

}

function wire(change: LobbyChange): WireChange {
  switch (change.kind) {
    case "save": {
      const { chat: _chat, ...rest } = change.state;
      return { k: "save", code: change.code, body: JSON.stringify(rest), at: change.at };
    }
    case "chat":
      return { k: "chat", code: change.code, body: JSON.stringify(change.message) };
    case "remove":
      return { k: "remove", code: change.code };
    case "quarantine":
      return { k: "quarantine", code: change.code, reason: change.reason, at: Date.now() };
    case "addOwn":
      return { k: "addOwn", code: change.code, bodies: change.questions.map((q) => JSON.stringify(ownBody(q))), at: change.at };
    case "updateOwn":
      return { k: "updateOwn", code: change.code, id: change.id, body: JSON.stringify(ownBody(change.question)), at: change.at };
    case "removeOwn":
      return { k: "removeOwn", code: change.code, id: change.id, at: change.at };
  }
}

/** Tells a thread of the store to close, and resolves once it has. */
function closing(worker: Worker): Promise<void> {
  return new Promise<void>((resolve) => {
    worker.addEventListener("close", () => resolve());
    worker.postMessage("close");
  });
}
