// Stored data with a version: a database in the shape before versions (no user_version, no
// own_questions table, chat keyed with AUTOINCREMENT, states without hostAwaySince) is migrated and
// loads; a row that fails validation is moved whole to the quarantine table with a log line; a
// database from a newer version is refused. Round results stored one field per colour (before
// version 4) load keyed by team, and clients and exports see exactly what they saw before.
import { expect, test } from "bun:test";
import { Database } from "bun:sqlite";
import { byTeam, type LobbyState } from "../../src/game/types";
import { lobbyView, roundView } from "../../src/game/views";
import { SCHEMA_VERSION } from "../../src/lobbies/migrations";
import { LobbyStore } from "../../src/lobbies/store";
import { exportGame } from "../../src/results/export";
import { accepted } from "../support/builders";
import { FakeClock } from "../support/fake-clock";
import { readyGame, RED, serviceOn, settle, submit } from "../support/service-harness";
import { useTempStores } from "../support/temp-stores";

const temp = useTempStores("migrate");

/** A lobby mid-round with two chat lines, as the rules make it. */
async function liveLobby(): Promise<LobbyState> {
  const clock = new FakeClock();
  const { service } = await serviceOn(temp.store("scratch.db"), clock);
  const { code, host } = await readyGame(service);
  accepted(await service.dispatch(code, { type: "startRound", by: host }));
  accepted(await service.dispatch(code, { type: "chat", playerId: host, message: "hi", chatType: "game" }));
  accepted(await service.dispatch(code, { type: "chat", playerId: "bea", message: "go", chatType: "team" }));
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
  expect((await store.loadAll())).toEqual([{ state: { ...row, code: "GOOD", chat }, updatedAt: Math.max(1_700_000_000_000, chat.at(-1)!.timestamp) }]);
  expect(logged.filter((line) => line.includes("quarantine"))).toHaveLength(3);
  expect(logged.join("\n")).toContain("lobby HALF does not load (players:");

  // The own questions' table exists now, and the quarantined lobbies left nothing behind.
  await store.commit({ kind: "addOwn", code: "GOOD", questions: [{ question: "Q?", answer: "A", aliases: [], category: "Own" }], at: 1 });
  expect(await store.ownQuestions("GOOD")).toHaveLength(1);
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
  const { service } = await serviceOn(temp.store("old.db"), clock);
  expect(service.get("GOOD")?.game?.currentRound?.endsAt).toBe(live.game!.currentRound!.endsAt);
  service.shutdown();
});

/** A lobby after two judged rounds, one of them overruled, as the rules make it. */
async function judgedLobby(): Promise<LobbyState> {
  const clock = new FakeClock();
  const { service } = await serviceOn(temp.store("judged.db"), clock);
  const { code, host } = await readyGame(service);
  accepted(await service.dispatch(code, { type: "startRound", by: host }));
  accepted(await service.dispatch(code, submit(host, "blue", 1, "Quokka1")));
  accepted(await service.dispatch(code, submit(RED, "red", 1, "", true)));
  await settle();
  accepted(await service.dispatch(code, { type: "startRound", by: host }));
  accepted(await service.dispatch(code, submit(host, "blue", 2, "Wrong")));
  accepted(await service.dispatch(code, submit(RED, "red", 2, "Quokka2")));
  await settle();
  accepted(await service.dispatch(code, { type: "overrule", by: host, roundNumber: 2, team: "blue", correct: true }));
  service.shutdown();
  return structuredClone(service.get(code)!);
}

/** The lobby as version 3 kept it: it knew nothing of who locked a judged round's plays. */
function withoutLockers(state: LobbyState): LobbyState {
  const rounds = state.game!.rounds.map(({ plays, ...r }) => ({ ...r, plays: byTeam((t) => ({ ...plays[t], lockedBy: undefined })) }));
  return JSON.parse(JSON.stringify({ ...state, game: { ...state.game!, rounds } }));
}

test("round results stored one field per colour (version 3) load keyed by team; views and exports are unchanged", async () => {
  const live = withoutLockers(await judgedLobby());
  expect(live.game!.rounds.map((r) => r.plays.blue.overruled)).toEqual([false, true]);
  const { chat, ...row } = live;
  // Versions 1 to 3 stored a round exactly as clients receive it: one field per colour.
  const stored = { ...row, game: { ...row.game!, rounds: row.game!.rounds.map(roundView) } };
  expect(stored.game.rounds[1]).toMatchObject({ blueAnswer: "Wrong", blueCorrect: true, redAnswer: "Quokka2", overruled: ["blue"] });
  const path = temp.path("v3.db");
  oldDatabase(path, [{ code: live.code, state: JSON.stringify(stored), chat: chat.map((c) => JSON.stringify(c)) }]);
  // The rest of version 3: the tables of steps 2 and 3, and its number.
  const v3 = new Database(path);
  v3.run("CREATE TABLE own_questions (id INTEGER PRIMARY KEY, code TEXT NOT NULL, body TEXT NOT NULL)");
  v3.run("CREATE TABLE quarantine (id INTEGER PRIMARY KEY, code TEXT NOT NULL, state TEXT NOT NULL, chat TEXT NOT NULL, own_questions TEXT NOT NULL, reason TEXT NOT NULL, at INTEGER NOT NULL)");
  v3.run("PRAGMA user_version = 3");
  v3.close();

  const logged: string[] = [];
  const loaded = await temp.store("v3.db", (line) => logged.push(line)).loadAll();
  expect(logged.filter((line) => line.includes("quarantine"))).toEqual([]);
  expect(loaded.map((l) => l.state)).toEqual([live]);
  const state = loaded[0]!.state;
  // Clients get the very JSON the old rows held, and the export is the same to the byte.
  expect(JSON.stringify(lobbyView(state).gameState!.rounds)).toBe(JSON.stringify(stored.game.rounds));
  expect(JSON.stringify(lobbyView(state))).toBe(JSON.stringify(lobbyView(live)));
  expect(JSON.stringify(exportGame(state.code, state.game!, state.players, 0))).toBe(JSON.stringify(exportGame(live.code, live.game!, live.players, 0)));
  const db = new Database(path, { readonly: true });
  expect(db.query("PRAGMA user_version").get()).toEqual({ user_version: SCHEMA_VERSION });
  db.close();
});

test("a database written by a newer version is refused, not guessed at", async () => {
  const path = temp.path("newer.db");
  const db = new Database(path, { create: true });
  db.run(`PRAGMA user_version = ${SCHEMA_VERSION + 1}`);
  db.close();
  expect(() => new LobbyStore(path)).toThrow(/newer than this server/);
});
