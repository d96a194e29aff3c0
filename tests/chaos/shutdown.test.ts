// Graceful restart of the real server process: SIGTERM (systemd, docker stop) and SIGINT (Ctrl-C)
// must tell every connection `server-restarting`, close it with 1012 (service restart) so pages
// reconnect by themselves, close the database and exit 0 within a couple of seconds; a server
// started again on the same folder has the lobby back.
import { describe, expect, test } from "bun:test";
import { existsSync, statSync } from "node:fs";
import { call } from "../support/app";
import { seatFour, startGame, startRound } from "../support/rest";
import { dbFile, integrityCheck, portOpen, useChaos } from "./support";

const isSnapshot = (p: any) => p?.updateType === "snapshot";

const chaos = useChaos();
const { start, connect } = chaos;

describe("graceful shutdown", () => {
  test("SIGTERM, then SIGINT: sockets are told and reconnect, the database is closed, exit 0, the lobby comes back", async () => {
    const dir = chaos.dataDir();
    let server = await start(dir);
    const app = { url: server.url };
    const port = server.port;
    const four = await seatFour(app);
    const { code } = four;
    await startGame(app, four.blue1, 3, 60);
    let { endsAt } = await startRound(app, four.blue1);
    // One page on each transport: they lose their connection differently.
    const ws = connect(server.url, "Hana(websocket)", four.blue1, "websocket");
    const stream = connect(server.url, "Ravi(stream)", four.red1, "stream");
    const clients = [ws, stream];
    await Promise.all(clients.map((c) => c.waitFor("lobby-updated", isSnapshot, 5000)));
    ws.emit("chat-message", { message: "said before the restart", chatType: "game" });
    await Promise.all(clients.map((c) => c.waitFor("chat-message", (m) => m.message === "said before the restart")));
    const said = ["said before the restart"];

    for (const [n, signal] of (["SIGTERM", "SIGINT"] as const).entries()) {
      const marks = clients.map((c) => c.mark());
      const signaledAt = Date.now();
      const exit = await server.signal(signal);
      const exitedAt = Date.now();
      expect(exit).toMatchObject({ code: 0, signal: null });
      expect(exit.ms).toBeLessThan(2500);
      expect(server.output()).toContain(`${signal}: saving and closing`);
      // The store closed before the process ended: it logs its commits as its connection closes.
      expect(server.output().split(`${signal}: saving and closing`).at(-1)).toMatch(/store: \d+ commits/);
      expect(await portOpen(port)).toBe(false);

      // Told first, then closed as a service restart, which pages answer by reconnecting.
      for (const [i, c] of clients.entries()) {
        const told = await c.waitFor("server-restarting", () => true, 2000);
        expect(told).toEqual({});
        const toldAt = c.log.findIndex((r) => r.seq >= marks[i]! && r.event === "server-restarting");
        expect(toldAt).toBeGreaterThanOrEqual(0);
        // Nothing of the lobby happened while going down: no one was marked away on the way out.
        expect(c.since(marks[i]!).map((r) => r.event)).toEqual(["server-restarting"]);
        await c.untilDisconnected(n + 1, 2000);
        expect(c.disconnects).toHaveLength(n + 1);
        expect(c.disconnects[n]).toBe("server restarting");
      }

      // The database was closed cleanly: its WAL was folded back in and removed (a killed server
      // leaves it behind, see kill9.test.ts).
      const wal = `${dbFile(dir)}-wal`;
      expect(!existsSync(wal) || statSync(wal).size === 0).toBe(true);
      expect(integrityCheck(dir)).toBe("ok");

      const spawnedAt = Date.now();
      server = await start(dir, port);
      const listeningAt = Date.now();
      for (const seat of [four.blue1, four.red1, four.blue2, four.red2]) {
        expect((await call(app, "GET", `/api/lobby/${code}`, { token: seat.token })).status).toBe(200);
      }
      const snaps = await Promise.all(clients.map((c) => c.waitFor("lobby-updated", isSnapshot, 5000)));
      // The round got back the time the server was down: from its last beat, as it closed, to its start.
      const moved = snaps[0].lobby.gameState.currentRound.endsAt;
      expect(moved - endsAt).toBeGreaterThanOrEqual(spawnedAt - exitedAt);
      expect(moved - endsAt).toBeLessThanOrEqual(listeningAt - signaledAt);
      endsAt = moved;
      for (const [i, c] of clients.entries()) {
        expect(c.connects).toBe(n + 2);
        const snap = snaps[i];
        expect(snap.lobby.code).toBe(code);
        expect(snap.you.connected).toBe(true);
        expect(snap.lobby.gameState).toMatchObject({ phase: "question", currentRoundNumber: 1 });
        expect(snap.lobby.gameState.currentRound.endsAt).toBe(endsAt);
        expect(snap.chat.map((m: any) => m.message)).toEqual(said);
      }
      // The reconnected sockets are live: chat flows again.
      const line = `after ${signal}`;
      stream.emit("chat-message", { message: line, chatType: "game" });
      await Promise.all(clients.map((c) => c.waitFor("chat-message", (m) => m.message === line)));
      said.push(line);
      console.log(`${signal}: exit 0 after ${exit.ms} ms; ${clients.map((c) => `${c.label} dropped with "${c.disconnects[n]}"`).join(", ")}`);
    }
  }, 60_000);
});
