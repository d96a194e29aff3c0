// The database's shape, as ordered steps: `PRAGMA user_version` counts the steps a database has
// taken, and opening it runs the rest, each in one transaction with its new version. Databases made
// before versions existed are at 0 and already hold the tables of step 1 (hence IF NOT EXISTS there).
// A step is never edited once released: a change of shape is a new step at the end.
import type { Database } from "bun:sqlite";
import { keyRoundsByTeam } from "./keyed-rounds";

const STEPS: readonly ((db: Database) => void)[] = [
  // 1: lobbies as one JSON row, chat as appended rows. A plain rowid key: new rows still get
  // max(id) + 1, so ids keep the order of each lobby's chat, without AUTOINCREMENT's
  // sqlite_sequence page written on every line (databases from before keep theirs).
  (db) => {
    db.run("CREATE TABLE IF NOT EXISTS lobbies (code TEXT PRIMARY KEY, state TEXT NOT NULL, updated_at INTEGER NOT NULL)");
    db.run("CREATE TABLE IF NOT EXISTS chat (id INTEGER PRIMARY KEY, code TEXT NOT NULL, body TEXT NOT NULL)");
    db.run("CREATE INDEX IF NOT EXISTS chat_by_lobby ON chat (code, id)");
  },
  // 2: the lobby's own questions, in a table of their own (docs/decisions.md "Your own questions"):
  // rare writes, read when a game starts and by the host's page.
  (db) => {
    db.run("CREATE TABLE IF NOT EXISTS own_questions (id INTEGER PRIMARY KEY, code TEXT NOT NULL, body TEXT NOT NULL)");
    db.run("CREATE INDEX IF NOT EXISTS own_questions_by_lobby ON own_questions (code, id)");
  },
  // 3: lobbies that failed validation on load, kept whole (state, chat, own questions) for a person to look at.
  (db) => {
    db.run("CREATE TABLE quarantine (id INTEGER PRIMARY KEY, code TEXT NOT NULL, state TEXT NOT NULL, chat TEXT NOT NULL, own_questions TEXT NOT NULL, reason TEXT NOT NULL, at INTEGER NOT NULL)");
  },
  // 4: round results keyed by team (plays.blue, plays.red) instead of one field per colour. A row
  // that is not JSON is left for the load check to quarantine, like any row it cannot read.
  (db) => {
    const update = db.prepare("UPDATE lobbies SET state = ? WHERE code = ?");
    for (const row of db.query("SELECT code, state FROM lobbies").all() as { code: string; state: string }[]) {
      let state: unknown;
      try {
        state = JSON.parse(row.state);
      } catch {
        continue;
      }
      const keyed = keyRoundsByTeam(state);
      if (keyed !== state) update.run(JSON.stringify(keyed), row.code);
    }
  },
  // 5: chat rows kept together by lobby, in a table clustered on (code, id) (docs/decisions.md "The
  // chat line's allocations"). A line's append and its lobby's prune then write a page or two of
  // that lobby's, not a page of the table and one of its index, and a prune's rows lie on one page
  // instead of one page each among every other lobby's. Ids stay global and increasing: the store
  // gives them now (sqlite-writes.ts), as the rowid did.
  (db) => {
    db.run("CREATE TABLE chat_rows (code TEXT NOT NULL, id INTEGER NOT NULL, body TEXT NOT NULL, PRIMARY KEY (code, id)) WITHOUT ROWID");
    db.run("INSERT INTO chat_rows (code, id, body) SELECT code, id, body FROM chat");
    db.run("DROP TABLE chat");
    db.run("ALTER TABLE chat_rows RENAME TO chat");
  },
];

export const SCHEMA_VERSION = STEPS.length;

/** Brings the database to SCHEMA_VERSION; one written by a newer version is refused, not guessed at. */
export function migrate(db: Database): void {
  const { user_version: from } = db.query("PRAGMA user_version").get() as { user_version: number };
  if (from > SCHEMA_VERSION) throw new Error(`The database is at version ${from}, newer than this server's ${SCHEMA_VERSION}: run a newer server, or restore a backup`);
  for (let version = from + 1; version <= SCHEMA_VERSION; version++) {
    db.transaction(() => {
      STEPS[version - 1]!(db);
      db.run(`PRAGMA user_version = ${version}`);
    })();
  }
}
