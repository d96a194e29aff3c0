// DATA_DIR holds the lobbies, the token secret and the players' chat: other local users of the
// machine may not read any of it, whatever the umask (docs/decisions.md "Keeping strangers out").
import { chmodSync, closeSync, existsSync, mkdirSync, openSync } from "node:fs";

const PRIVATE_DIR = 0o700;
const PRIVATE_FILE = 0o600;

/** The folder, created (or tightened) so only this user can enter it. */
export function privateDataDir(dir: string, log: (line: string) => void): void {
  mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR });
  try {
    chmodSync(dir, PRIVATE_DIR);
  } catch (err) {
    // A folder someone else owns (a shared mount, say) is theirs to protect; the files below still are ours.
    log(`data: could not make ${dir} private: ${String(err)}`);
  }
}

/**
 * The database file exists, private, before SQLite opens it: SQLite gives its WAL and shared-memory
 * files the database file's permissions. Files left by an older version are tightened too.
 */
export function privateDatabase(path: string): void {
  if (!existsSync(path)) closeSync(openSync(path, "a", PRIVATE_FILE));
  for (const file of [path, `${path}-wal`, `${path}-shm`]) if (existsSync(file)) chmodSync(file, PRIVATE_FILE);
}
