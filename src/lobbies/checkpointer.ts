// Runs in a Worker beside LobbyStore: moves committed WAL frames into the database file on its own
// thread. A checkpoint ends in an fsync that can take milliseconds (hundreds on a busy SD card); on
// the main thread, where commits are written, it would stall every socket (docs/decisions.md
// "Commits off the event loop"). Commits are already durable in the WAL before anyone hears of
// them; checkpointing only decides when the WAL is copied back, so doing it here changes no
// guarantee. The store's connection keeps a far-off autocheckpoint as a backstop.
import { Database } from "bun:sqlite";
import { closeSync, fsyncSync, openSync } from "node:fs";

declare const self: Worker;

export interface CheckpointerStart {
  path: string;
  everyMs: number;
  /** WAL frames past which the WAL is made to start over (see below). */
  restartPages: number;
}

let db: Database | null = null;
/** The database file's own descriptor, for the fsync before a restart (below). */
let dbFile: number | null = null;
let timer: ReturnType<typeof setInterval> | undefined;

self.onmessage = (event: MessageEvent<CheckpointerStart | "close">) => {
  if (event.data === "close") {
    clearInterval(timer);
    db?.close();
    db = null;
    if (dbFile !== null) closeSync(dbFile);
    dbFile = null;
    process.exit(0);
  }
  const { path, everyMs, restartPages } = event.data;
  const conn = (db = new Database(path));
  const file = (dbFile = openSync(path, "r"));
  // Never wait on the store's connection: a checkpoint that cannot run now runs at the next tick.
  conn.run("PRAGMA busy_timeout = 0");
  const passive = conn.query("PRAGMA wal_checkpoint(PASSIVE)");
  const restart = conn.query("PRAGMA wal_checkpoint(RESTART)");
  timer = setInterval(() => {
    try {
      // PASSIVE never holds up the store's commits: it copies what it can and leaves the rest for next time.
      const { log } = passive.get() as { log: number };
      // Under steady chat the WAL never starts over by itself: that takes a commit that finds every
      // frame copied, and one always came in during the copy. It grew to the store's backstop,
      // whose checkpoint then ran on the event loop with two fsyncs, and the WAL's restart a third:
      // the slowest line of every benchmark round, 6-8 ms (docs/bench.md "Where the tail comes from").
      // RESTART takes the writers' lock for the few frames committed since the pass above (a commit
      // meanwhile waits for it, or, if a commit holds the lock now, this is tried next tick), so the
      // store's next commit starts the WAL over with only the new header's fsync.
      if (log >= restartPages) {
        // A pass that never catches up with the commits never syncs the database file, so RESTART's
        // fsync of it, under the writers' lock, wrote back every page the passes since the last
        // restart had copied: 1.5-5 ms of lock for 2-33 frames. Synced here first, without the
        // lock, RESTART's own fsync has only its few pages left (docs/bench.md "Where the tail comes from").
        fsyncSync(file);
        restart.get();
      }
    } catch {
      // The main connection may be closing; the next tick (or its own backstop) catches up.
    }
  }, everyMs);
};
