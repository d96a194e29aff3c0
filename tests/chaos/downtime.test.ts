// A restart costs no one their time (docs/decisions.md "The host runs the room"): a round with 40 s
// left, the real server killed with kill -9 (or drained with SIGTERM), started again 5 s later on the
// same folder: the round resumes with at least 39 s left, and the pages' snapshots say so. Real time:
// the server's own clock and its heartbeat file are what is under test.
import { describe, expect, test } from "bun:test";
import { call } from "../support/app";
import { seatFour, startGame, startRound } from "../support/rest";
import { portOpen, useChaos } from "./support";

const isSnapshot = (p: any) => p?.updateType === "snapshot";
const chaos = useChaos();
const DOWN_MS = 5_000;

for (const signal of ["SIGKILL", "SIGTERM"] as const) {
  describe(`a restart after ${signal === "SIGKILL" ? "kill -9" : "SIGTERM"}`, () => {
    test("a round with 40 s left resumes with at least 39 s left after 5 s down", async () => {
      const dir = chaos.dataDir();
      const first = await chaos.start(dir);
      const app = { url: first.url };
      const four = await seatFour(app);
      // 42 s, so that 40 s or more are still left when the kill lands.
      await startGame(app, four.blue1, 2, 42);
      const { endsAt } = await startRound(app, four.blue1);
      const page = chaos.connect(first.url, "Hana", four.blue1);
      await page.waitFor("lobby-updated", isSnapshot, 5000);
      // a beat or two, so the heartbeat written at start is not the only one
      await Bun.sleep(600);

      const leftAtStop = endsAt - Date.now();
      expect(leftAtStop).toBeGreaterThanOrEqual(40_000);
      await first.signal(signal);
      expect(await portOpen(first.port)).toBe(false);
      await Bun.sleep(DOWN_MS);

      const second = await chaos.start(dir, first.port);
      const lobby = (await call(app, "GET", `/api/lobby/${four.code}`)).body.data;
      const left = lobby.gameState.currentRound.endsAt - Date.now();
      expect(lobby.gameState.phase).toBe("question");
      expect(left).toBeGreaterThanOrEqual(39_000);
      // within a second of what it had: the downtime given back, no more
      expect(Math.abs(left - leftAtStop)).toBeLessThanOrEqual(1_000);
      expect(second.output()).toMatch(/restart: down for \d+ ms; open rounds get it back/);
      // the page, back on its own, resyncs to the moved deadline
      const snap = await page.waitFor("lobby-updated", (p) => isSnapshot(p) && p.lobby.gameState.currentRound.endsAt > endsAt, 10_000);
      expect(snap.lobby.gameState.currentRound.endsAt - Date.now()).toBeGreaterThanOrEqual(39_000);
      console.log(`${signal}: ${leftAtStop} ms left at the stop, ${left} ms left once back after ${DOWN_MS} ms down`);
    }, 60_000);
  });
}
