// Durable lobbies in SQLite (WAL), the store port of one machine (store-port.ts). The lobby's state
// is one JSON row; chat is appended as rows, because rewriting a hundred messages per chat line would
// make the busiest command the costliest. A lobby's own questions are rows too, kept out of the state
// so that no view can ever carry them. Each commit is written at once, on this connection, and is
// durable when commit() returns (sqlite-writes.ts); checkpoints run on a thread of their own
// (checkpointer.ts). docs/decisions.md "Commits off the event loop" has the designs measured.
import { Database } from "bun:sqlite";
import { CHAT_HISTORY } from "../game/settings";
import type { OwnQuestion, Question } from "../game/types";
import { migrate } from "./migrations";
import { CommitStats } from "./commit-stats";
import { parseChatLine, parseStoredLobby } from "./stored-state";
import { SqliteWrites } from "./sqlite-writes";
import type { CheckpointerStart } from "./checkpointer";
import type { LobbyChange, LobbyStorePort, StoredLobby } from "./store-port";

const BACKSTOP_PAGES = 10_000;
const CHECKPOINT_EVERY_MS = 200;
/** About 16 MB of WAL: at the benchmark's 2,000 lines a second, a restart every 1.4 s (checkpointer.ts). */
const RESTART_PAGES = 4_000;

export class LobbyStore implements LobbyStorePort {
  private readonly db: Database;
  private readonly q;
  private readonly writes: SqliteWrites;
  /** started at the first write: a server nothing was written to has nothing to checkpoint */
  private checkpointer: Bun.Worker | null = null;
  private closed: Promise<void> | null = null;
  readonly stats = new CommitStats();

  constructor(
    private readonly path: string,
    private readonly log: (line: string) => void = (line) => console.log(line),
    /** Tests start the WAL over sooner, to see it happen in a short run. */
    private readonly restartPages = RESTART_PAGES,
  ) {
    this.db = new Database(path, { create: true, strict: true });
    this.db.run("PRAGMA journal_mode = WAL");
    // NORMAL in WAL survives a crashed or killed process; FULL would also survive power loss at a
    // cost of one fsync per commit, which a Pi's SD card cannot pay at chat rates.
    this.db.run("PRAGMA synchronous = NORMAL");
    // A commit waits for the writers' lock in finer steps than SQLite's busy handler (sqlite-writes.ts).
    this.db.run("PRAGMA busy_timeout = 0");
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
    this.writes = new SqliteWrites(this.db);
  }

  /**
   * The checkpointer's thread starts with the first write, not with the store: its JavaScript VM and
   * its connection are 2-4 MB that a quiet server does without (docs/bench.md "Idle RSS, module
   * by module"). Until then the WAL holds nothing to copy back.
   */
  private written(): void {
    if (this.checkpointer) return;
    // Not ref'd: the checkpointer never keeps the process alive.
    // Bun's Worker, whose ref() close() needs: the DOM library's type shadows it.
    this.checkpointer = new Worker(new URL("./checkpointer.ts", import.meta.url).href, { ref: false, smol: true }) as unknown as Bun.Worker;
    this.checkpointer.postMessage({ path: this.path, everyMs: CHECKPOINT_EVERY_MS, restartPages: this.restartPages } satisfies CheckpointerStart);
  }

  async loadAll(): Promise<StoredLobby[]> {
    const rows = this.q.all.all() as { code: string; state: string; updated_at: number }[];
    const loaded: StoredLobby[] = [];
    for (const row of rows) {
      const state = parseStoredLobby(row.state);
      if (!state.ok) {
        this.unloadable(row.code, state.reason);
        continue;
      }
      const lines = (this.q.recentChat.all(row.code, CHAT_HISTORY) as { body: string }[]).map((c) => parseChatLine(c.body));
      const badLine = lines.flatMap((line) => (line.ok ? [] : [line.reason]))[0];
      if (badLine !== undefined) {
        this.unloadable(row.code, `chat: ${badLine}`);
        continue;
      }
      const chat = lines.flatMap((line) => (line.ok ? [line.value] : []));
      // A chat line is activity too: it is not written into the lobby's row, only appended.
      const updatedAt = Math.max(row.updated_at, chat.at(-1)?.timestamp ?? 0);
      loaded.push({ state: { ...state.value, chat }, updatedAt });
    }
    return loaded;
  }

  /** A row that does not load is moved whole to the quarantine table, so its code can be given out again. */
  private unloadable(code: string, reason: string): void {
    this.log(`store: lobby ${code} does not load (${reason}); moved to the quarantine table`);
    try {
      this.writes.write({ kind: "quarantine", code, reason });
      this.written();
    } catch (err) {
      // A disk that refuses the move: the rows stay where they were, and the next start meets them again.
      this.log(`store: could not quarantine ${code}: ${String(err)}`);
    }
  }

  /** Durable when it returns; throws, with nothing written, when the database refuses it. */
  commit(change: LobbyChange): number {
    if (this.closed) throw new Error("the store is closed");
    if (change.kind === "quarantine") this.log(`store: lobby ${change.code} set aside (${change.reason}); moved to the quarantine table`);
    const started = performance.now();
    const rows = this.writes.write(change);
    const ms = performance.now() - started;
    this.written();
    this.stats.group(1, ms);
    this.stats.acknowledged(ms);
    return rows;
  }

  async ownQuestions(code: string): Promise<OwnQuestion[]> {
    const rows = this.q.ownQuestions.all(code) as { id: number; body: string }[];
    return rows.map((row) => ({ id: row.id, ...(JSON.parse(row.body) as Question) }));
  }

  async ownQuestionBytesInAll(): Promise<number> {
    return (this.q.ownBytes.get() as { bytes: number }).bytes;
  }

  /** The checkpointer lets go of its connection first; then this one folds the WAL back in. */
  close(): Promise<void> {
    this.closed ??= (async () => {
      // This connection must be the last, so SQLite folds the WAL back in and removes it; closing
      // before the checkpointer would leave the WAL behind.
      if (this.checkpointer) await closing(this.checkpointer);
      // SQLite does that only once no statement of the connection is left unfinalized.
      this.writes.finalize();
      for (const statement of Object.values(this.q)) statement.finalize();
      this.db.close();
      if (this.stats.commits > 0) this.log(`store: ${this.stats.line()}`);
    })();
    return this.closed;
  }
}

/**
 * Tells the checkpointer to close, and resolves once it has. It holds the process open meanwhile:
 * unref'd, a server with nothing else left to do would exit before its own connection folded the WAL.
 */
function closing(worker: Bun.Worker): Promise<void> {
  return new Promise<void>((resolve) => {
    worker.ref();
    worker.addEventListener("close", () => resolve());
    worker.postMessage("close");
  });
}
