// Emptying a database's WAL from outside, for the full-disk tests: a commit that fits in WAL space
// already on disk (after a checkpoint let the log start over) is durable and rightly taken, so only
// an empty WAL makes every write need room on a full disk.
import { Database } from "bun:sqlite";
import { expect } from "bun:test";

export function emptyWal(path: string): void {
  const db = new Database(path);
  db.run("PRAGMA busy_timeout = 5000");
  expect(db.query("PRAGMA wal_checkpoint(TRUNCATE)").get()).toMatchObject({ busy: 0 });
  db.close();
}
