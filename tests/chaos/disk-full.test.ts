// The whole server on a data folder whose filesystem fills up mid-game: every REST call that needs
// a write answers 503 with the reason, a chat line gets socket-error and reaches no one, nothing
// changes and no one hears anything; once there is room the game goes on without a restart, and a
// restart then shows exactly what was acknowledged. The folder is on a 2 MB tmpfs the test mounts.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { STORAGE_FAULT_MESSAGE } from "../../src/lobbies/storage-fault";
import { call, startTestApp, type TestApp } from "../support/app";
import { exactJudge, quizQuestion, quizQuestions, seatFour, startGame, startRound, submit } from "../support/rest";
import { Clients, flush } from "../support/sockets";
import { FakeClock } from "../support/fake-clock";
import { emptyWal } from "../support/wal";

let mountPoint: string;
const apps: TestApp[] = [];
let clients: Clients | undefined;

beforeAll(() => {
  mountPoint = mkdtempSync(join(tmpdir(), "stealmate-disk-"));
  execFileSync("mount", ["-t", "tmpfs", "-o", "size=2m", "tmpfs", mountPoint]);
});

afterAll(async () => {
  clients?.closeAll();
  for (const app of apps) await app.close();
  execFileSync("umount", ["-l", mountPoint]);
  rmSync(mountPoint, { recursive: true, force: true });
});

const filler = () => join(mountPoint, "filler");
const fillDisk = (dataDir: string) => {
  emptyWal(join(dataDir, "stealmate.sqlite"));
  expect(() => writeFileSync(filler(), Buffer.alloc(4 * 1024 * 1024))).toThrow(/ENOSPC/);
};

/** A lobby as a restart shows it: no socket survives one, so everyone is away. */
const away = (lobby: unknown) => JSON.parse(JSON.stringify(lobby), (key, value) => (key === "connected" ? false : value));

async function boot(dataDir: string, clock: FakeClock): Promise<TestApp> {
  const app = await startTestApp({}, { clock, questions: quizQuestions, judge: exactJudge }, dataDir);
  apps.push(app);
  return app;
}

test("a full disk: REST calls answer 503, chat gets socket-error, nothing changes; play goes on after, and a restart shows what was acknowledged", async () => {
  const dataDir = join(mountPoint, "data");
  mkdirSync(dataDir);
  const clock = new FakeClock();
  const app = await boot(dataDir, clock);
  const four = await seatFour(app);
  await startGame(app, four.blue1, 2, 30);
  clients = new Clients(app.url, "websocket");
  const listeners = await Promise.all([clients.connect("Hana", four.blue1.token), clients.connect("Ravi", four.red1.token), clients.connect("Rue", four.red2.token)]);
  const bo = await clients.connect("Bo", four.blue2.token);
  await startRound(app, four.blue1);
  await flush(bo, ...listeners);
  const view = async () => (await call(app, "GET", `/api/lobby/${four.code}`, { token: four.blue1.token })).body;
  const before = await view();
  const marks = listeners.map((c) => c.mark());

  fillDisk(dataDir);
  const refused = [
    await call(app, "POST", "/api/lobby/create", { body: { playerName: "Zed" } }),
    await call(app, "POST", "/api/lobby/submitAnswer", { token: four.blue1.token, body: { roundNumber: 1, answer: quizQuestion(1).answer, isSteal: false } }),
    await call(app, "POST", "/api/lobby/kickPlayer", { token: four.blue1.token, body: { playerId: four.red2.id } }),
    await call(app, "POST", "/api/lobby/transferHost", { token: four.blue1.token, body: { playerId: four.blue2.id } }),
    await call(app, "POST", "/api/lobby/leave", { token: four.red2.token, body: {} }),
    await call(app, "POST", "/api/lobby/end", { token: four.blue1.token, body: {} }),
  ];
  for (const res of refused) expect(res).toEqual({ status: 503, body: { success: false, message: STORAGE_FAULT_MESSAGE } });
  bo.emit("chat-message", { message: "lost?", chatType: "game" });
  expect(await bo.waitFor("socket-error")).toEqual({ event: "chat-message", message: STORAGE_FAULT_MESSAGE });
  expect(await view()).toEqual(before);

  rmSync(filler());
  // flush() says one chat line, which a full disk refuses: it waits for room, and is then all anyone heard.
  await flush(bo, ...listeners);
  for (const [k, c] of listeners.entries()) expect(c.since(marks[k]!).map((r) => r.event)).toEqual(["chat-message"]);
  await submit(app, four.blue1, 1, quizQuestion(1).answer);
  const said = "still here";
  bo.emit("chat-message", { message: said, chatType: "game" });
  await Promise.all(listeners.map((c) => c.waitFor("chat-message", (m) => m?.message === said)));
  const acknowledged = await view();

  await app.close();
  apps.splice(apps.indexOf(app), 1);
  const again = await boot(dataDir, clock);
  const restarted = (await call(again, "GET", `/api/lobby/${four.code}`, { token: four.blue1.token })).body;
  expect(away(restarted.data)).toEqual(away(acknowledged.data));
});
