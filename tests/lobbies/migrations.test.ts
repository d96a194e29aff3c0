// Stored data with a version: a database in the shape before versions (no user_version, no
// own_questions table, chat keyed with AUTOINCREMENT, states without hostAwaySince) is migrated and
// loads; a row that fails validation is moved whole to the quarantine table with a log line; a
// database from a newer version is refused.
import { expect, test } from "bun:test";
import { Database } from "bun:sqlite";
import type { LobbyState } from "../../src/game/types";
import { SCHEMA_VERSION } from "../../src/lobbies/migrations";
import { LobbyStore } from "../../src/lobbies/store";
import { accepted } from "../support/builders";
import { FakeClock } from "../support/fake-clock";
import { readyGame, serviceOn } from "../support/service-harness";
import { useTempStores } from "../support/temp-stores";

const temp = useTempStores("migrate");

/** A lobby mid-round with two chat lines, as the rules make it. */
async function liveLobby(): Promise<LobbyState> {
  const clock = new FakeClock();
  const { service } = serviceOn(temp.store("scratch.db"), clock);
  const { code, host } = await readyGame(service);
  accepted(service.dispatch(code, { type: "startRound", by: host }));
  accepted(service.dispatch(code, { type: "chat", playerId: host, message: "hi", chatType: "game" }));
  accepted(service.dispatch(code, { type: "chat", playerId: "bea", message: "go", chatType: "team" }));
  service.shutdown();
  return structuredClone(service.get(code)!);
}

/** The database as the server wrote it before this change. */
function oldDatabase(path: string, rows: { code: string; state: string; chat: string[] }[]): void {
  const db = new Database(path, { create: true });
  db.run("PRAGMA journal_mode = WAL");
  db.run("CREATE TABLE lobbies (code TEXT PRIMARY KEY, state TEXT NOT NULL, updated_at INTEGER NOT NULL)");
  db.run("CREATE TABLE chat (id INTEGER PRIMARY KEY AUTOINCREMENT, code TEXT NOT NULL, body TEXT NOT NULL)");
  db.run("CREATE INDEX chat_by_lobby ON chat (code, id)");
  for (const row of rows) {
    db.run("INSERT INTO lobbies (code, state, updated_at) VALUES (?, ?, ?)", [row.code, row.state, 1_700_000_000_000]);
    for (const body of row.chat) db.run("INSERT INTO chat (code, body) VALUES (?, ?)", [row.code, body]);
  }
  db.close();
}

test("a database in the previous shape is migrated and every good lobby loads exactly; bad rows go to quarantine", async () => {
  const live = await liveLobby();
  const { chat, hostAwaySince: _, ...row } = live;
  const path = temp.path("old.db");
  oldDatabase(path, [
    { code: "GOOD", state: JSON.stringify({ ...row, code: "GOOD" }), chat: chat.map((c) => JSON.stringify(c)) },
    { code: "HALF", state: JSON.stringify({ ...row, code: "HALF", players: "everyone" }), chat: [] },
    { code: "JUNK", state: "{not json", chat: [] },
    { code: "CHAT", state: JSON.stringify({ ...row, code: "CHAT" }), chat: [JSON.stringify({ message: 7 })] },
  ]);

  const logged: string[] = [];
  const store = temp.store("old.db", (line) => logged.push(line));
  expect(store.loadAll()).toEqual([{ state: { ...row, code: "GOOD", chat }, updatedAt: Math.max(1_700_000_000_000, chat.at(-1)!.timestamp) }]);
  expect(logged.filter((line) => line.includes("quarantine"))).toHaveLength(3);
  expect(logged.join("\n")).toContain("lobby HALF does not load (players:");

  // The own questions' table exists now, and the quarantined lobbies left nothing behind.
  store.addOwnQuestions("GOOD", [{ question: "Q?", answer: "A", aliases: [], category: "Own" }], 1);
  expect(store.ownQuestions("GOOD")).toHaveLength(1);
  const db = new Database(path, { readonly: true });
  expect(db.query("PRAGMA user_version").get()).toEqual({ user_version: SCHEMA_VERSION });
  expect(db.query("SELECT code, reason FROM quarantine ORDER BY code").all()).toEqual([
    { code: "CHAT", reason: expect.stringContaining("chat: ") },
    { code: "HALF", reason: expect.stringContaining("players") },
    { code: "JUNK", reason: "not JSON" },
  ]);
  expect(db.query("SELECT code FROM lobbies").all()).toEqual([{ code: "GOOD" }]);
  expect(db.query("SELECT count(*) AS n FROM chat WHERE code != 'GOOD'").get()).toEqual({ n: 0 });
  db.close();

  // A second start finds nothing more to move, and the service restores the lobby.
  const clock = new FakeClock(1_700_000_000_000 + 60_000);
  const { service } = serviceOn(temp.store("old.db"), clock);
  expect(service.get("GOOD")?.game?.currentRound?.endsAt).toBe(live.game!.currentRound!.endsAt);
  service.shutdown();
});

test("a database written by a newer version is refused, not guessed at", () => {
  const path = temp.path("newer.db");
  const db = new Database(path, { create: true });
  db.run(`PRAGMA user_version = ${SCHEMA_VERSION + 1}`);
  db.close();
  expect(() => new LobbyStore(path)).toThrow(/newer than this server/);
});
