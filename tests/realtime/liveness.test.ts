// A dead or half-open connection is noticed by the server within the silence limit (docs/decisions.md
// section 4, docs/decisions.md "Realtime"): a WebSocket that answers no ping, a fallback session
// that answers no heartbeat. It is dropped and its player marked away, while live connections that
// say nothing at all stay. The heartbeat is shortened here (300 ms, silence limit 750 ms); the
// page's side of the watchdog is tests/islands/connection.test.ts.
import { afterEach, describe, expect, test } from "bun:test";
import { silenceLimit } from "../../src/shared/wire";
import { startTestApp, type TestApp } from "../support/app";
import { seatFour } from "../support/rest";
import { rawUpgrade, RawStream } from "../support/raw-wire";
import { Clients, TRANSPORTS } from "../support/sockets";

/**
 * Short, so the dead connection goes quickly, but not so short that a live one misses it: the stream
 * client answers each heartbeat with a POST from this process, and at 100 ms (a 250 ms limit) a CI
 * run with both end-to-end runs beside it dropped it ("not connected: transport close").
 */
const HEARTBEAT_MS = 300;
let app: TestApp | undefined;
let clients: Clients[] = [];

afterEach(async () => {
  for (const c of clients) c.closeAll();
  clients = [];
  await app?.dispose();
  app = undefined;
});

for (const transport of TRANSPORTS) {
  describe(`liveness over ${transport}`, () => {
    test("a connection that answers nothing is dropped and its player marked away; silent live ones stay", async () => {
      app = await startTestApp({}, { heartbeatMs: HEARTBEAT_MS });
      const four = await seatFour(app);
      const ws = new Clients(app.url, "websocket");
      const stream = new Clients(app.url, "stream");
      clients.push(ws, stream);
      const hana = await ws.connect("Hana", four.blue1.token);
      const ravi = await stream.connect("Ravi", four.red1.token);

      // Bo joins and then goes dead without a word: no pong, no answer to the heartbeat.
      const join = new TextEncoder().encode(JSON.stringify(["join-lobby", { token: four.blue2.token }]));
      let dead: RawStream | undefined;
      const startedAt = Date.now();
      if (transport === "websocket") expect((await rawUpgrade(app.url, {}, join)).status).toBe(101);
      else {
        dead = await RawStream.open(app.url);
        expect(await dead.post(join)).toBe(204);
      }
      await hana.waitFor("lobby-updated", (p) => p.updateType === "player-reconnected" && p.playerId === four.blue2.id);
      const gone = await hana.waitFor("player-disconnected", (p) => p.playerId === four.blue2.id);
      const after = Date.now() - startedAt;
      await ravi.waitFor("player-disconnected", (p) => p.playerId === four.blue2.id);
      expect(gone.lobby.blueTeam.find((p: any) => p.id === four.blue2.id).connected).toBe(false);
      // dropped once silent past the limit, at a sweep soon after it (the bound leaves room for a busy machine)
      expect(after).toBeGreaterThanOrEqual(silenceLimit(HEARTBEAT_MS));
      expect(after).toBeLessThan(silenceLimit(HEARTBEAT_MS) + 1750);
      if (dead) await dead.waitEnded();
      dead?.close();

      // Hana and Ravi have sent nothing since joining; they hear heartbeats, answer (a pong, or the
      // fallback's heartbeat), and stay through several silence limits.
      const mark = [hana.mark(), ravi.mark()];
      for (const c of [hana, ravi]) await c.waitForHeartbeats(c.heartbeats + 8);
      expect([hana.connected, ravi.connected]).toEqual([true, true]);
      expect([hana, ravi].map((c, i) => c.since(mark[i]!).map((r) => r.event))).toEqual([[], []]);
      const players = app.service.get(four.code)!.players;
      expect(players.filter((p) => p.connected).map((p) => p.id).sort()).toEqual([four.blue1.id, four.red1.id].sort());
    });
  });
}
