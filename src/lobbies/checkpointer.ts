// Runs in a Worker beside LobbyStore: moves committed WAL frames into the database file on its own
// thread. A checkpoint ends in an fsync that can take milliseconds (hundreds on a busy SD card); on
// the main thread, where commits are written, it would stall every socket (docs/decisions.md
// "Commits off the event loop"). Commits are already durable in the WAL before anyone hears of
// them; checkpointing only decides when the WAL is copied back, so doing it here changes no
// guarantee. The store's connection keeps a far-off autocheckpoint as a backstop.
import { Database } from "bun:sqlite";

declare const self: Worker;

let db: Database | null = null;
let timer: ReturnType<typeof setInterval> | undefined;

self.onmessage = (event: MessageEvent<{ path: string; everyMs: number } | "close">) => {
  if (event.data === "close") {
    clearInterval(timer);
    db?.close();
    db = null;
    process.exit(0);
  }
  const { path, everyMs } = event.data;
  db = new Database(path);
  db.run("PRAGMA busy_timeout = 5000");
  timer = setInterval(() => {
    try {
      // PASSIVE never waits on the store's commits: it copies what it can and leaves the rest for next time.
      db?.run("PRAGMA wal_checkpoint(PASSIVE)");
    } catch {
      // The main connection may be closing; the next tick (or its own backstop) catches up.
    }
  }, everyMs);
};
