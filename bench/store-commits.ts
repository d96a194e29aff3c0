// `bun bench/store-commits.ts`: the real store's commits alone, at the realtime bench's pace (250
// lobbies, 20 chat lines every 10 ms: 2,000 a second), for their time and their CPU (docs/bench.md
// "Where the tail comes from"). Prints one JSON line: each commit's p50 / p99 / p99.9 / max, the
// commits over 2 ms, the CPU each took on every thread of the process (the checkpointer's too), and
// the largest the WAL grew. COMMITS (60,000 timed, after 20,000 untimed); RESTART_PAGES (the store's
// own unless given; 1e9 is the WAL left to the backstop, as before the checkpointer restarted it).
import { mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { LobbyStore } from "../src/lobbies/store";
import { spread } from "../src/realtime/loop-lag";
import { round } from "./common/proc";

const COMMITS = Number(process.env.COMMITS ?? 60_000);
const WARM = 20_000;
const dir = mkdtempSync(join(tmpdir(), "stealmate-commits-"));
const path = join(dir, "lobbies.db");
const restartPages = process.env.RESTART_PAGES ? Number(process.env.RESTART_PAGES) : undefined;
const store = new LobbyStore(path, () => {}, restartPages);
const codes = Array.from({ length: 250 }, (_, i) => `C${String(i).padStart(3, "0")}`);
for (const code of codes) store.commit({ kind: "save", code, state: { code } as never, at: 0 });

const times = new Float64Array(COMMITS);
let walHigh = 0;
let cpu = process.cpuUsage();
for (let i = 0; i < WARM + COMMITS; ) {
  if (i === WARM) cpu = process.cpuUsage();
  for (let k = 0; k < 20; k++, i++) {
    const code = codes[i % codes.length]!;
    const started = performance.now();
    store.commit({ kind: "chat", code, message: { message: `hello there ${i}`, playerId: `p${i % 8}`, playerName: `Player ${i % 8}`, team: "blue", chatType: "game", timestamp: i } });
    if (i >= WARM) times[i - WARM] = performance.now() - started;
  }
  walHigh = Math.max(walHigh, statSync(`${path}-wal`).size);
  await Bun.sleep(10);
}
const used = process.cpuUsage(cpu);
await store.close();
rmSync(dir, { recursive: true, force: true });
const s = spread(times);
console.log(JSON.stringify({
  commits: COMMITS,
  ms: s,
  over2ms: times.filter((t) => t > 2).length,
  cpuUsPerCommit: { user: round(used.user / COMMITS), system: round(used.system / COMMITS) },
  walHighMb: round(walHigh / 1e6, 1),
}));
