// Under chat that never pauses, the WAL must still start over, by the checkpointer's hand: left to
// itself it grew to the store's backstop (10,000 pages, about 40 MB), whose checkpoint then ran on
// the event loop with its fsyncs (src/lobbies/checkpointer.ts).
import { afterEach, expect, test } from "bun:test";
import { mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { LobbyStore } from "../../src/lobbies/store";

let dir = "";
afterEach(() => rmSync(dir, { recursive: true, force: true }));

test("steady commits keep the WAL far below the backstop, started over by the checkpointer", async () => {
  dir = mkdtempSync(join(tmpdir(), "stealmate-wal-"));
  const path = join(dir, "lobbies.db");
  const store = new LobbyStore(path, () => {}, 200);
  const codes = Array.from({ length: 50 }, (_, i) => `W${String(i).padStart(3, "0")}`);
  for (const code of codes) store.commit({ kind: "save", code, state: { code } as never, at: 0 });
  let walHigh = 0;
  // Steady chat at about the benchmark's pace: a few lines every millisecond, so that one always
  // comes in while a checkpoint copies. About 8,000 commits in 3 s, 12,000 pages of WAL if it never
  // started over.
  const until = performance.now() + 3000;
  for (let i = 0; performance.now() < until; ) {
    for (let k = 0; k < 3; k++, i++) {
      const code = codes[i % codes.length]!;
      store.commit({ kind: "chat", code, message: { message: `line ${i}`, playerId: "p1", playerName: "Hana", team: "blue", chatType: "game", timestamp: i } });
    }
    walHigh = Math.max(walHigh, statSync(`${path}-wal`).size);
    await Bun.sleep(1);
  }
  await store.close();
  // The file keeps its largest size, so this is the most the WAL ever held.
  expect(walHigh).toBeGreaterThan(200 * 4096);
  expect(walHigh).toBeLessThan(16 * 1024 * 1024);
});
