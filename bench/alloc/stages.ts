// `bun bench/alloc/stages.ts`: a chat line's stages on the server's own path, in one process, paced
// as the realtime benchmark's load (250 lobbies of 8, 2,000 lines a second: 20 lines every 10 ms),
// with the line timing on (src/realtime/line-timing.ts) and JSC's collections counted over the
// window (docs/bench.md "Where the tail comes from"). No sockets and no load generator: what is left
// is the server's own work, its collections and its event loop. The child does the lines, with
// BUN_JSC_logGC=1; this parent reads its log between the marks and prints one JSON line.
// Tuning: STAGES_LINES (60,000 timed), ALLOC_WARM (50,000 first), STAGES_EVERY_MS (10), STAGES_WAVE (20).
import { enableLineTiming, lineTiming } from "../../src/realtime/line-timing";
import { gcWindow } from "../probe/gc-window";
import { runToolOutput } from "../common/proc";
import { ChatRig } from "./rig";

const LINES = Number(process.env.STAGES_LINES ?? 60_000);
const WARM = Number(process.env.ALLOC_WARM ?? 50_000);
const EVERY_MS = Number(process.env.STAGES_EVERY_MS ?? 10);
const WAVE = Number(process.env.STAGES_WAVE ?? 20);

async function child(): Promise<void> {
  let report = "";
  const print = (line: string) => (report = line);
  const rig = await ChatRig.open(250, enableLineTiming(print));
  await rig.warmUp(WARM, WAVE);
  const start = rig.seats.length * 1000;
  const frames = rig.frames(start, LINES);
  process.stderr.write("=== window\n");
  lineTiming!.toggle(print);
  for (let sent = 0; sent < LINES; ) {
    const end = Math.min(LINES, sent + WAVE);
    for (; sent < end; sent++) rig.line(start + sent, frames[sent]!);
    await Bun.sleep(EVERY_MS);
  }
  lineTiming!.toggle(print);
  process.stderr.write("=== end\n");
  lineTiming!.loop.stop();
  await rig.close();
  console.log(report.slice("line-timing: ".length));
}

if (process.argv.includes("--child")) await child();
else {
  const { out, err } = await runToolOutput("stages", ["bun", "bench/alloc/stages.ts", "--child"], { env: { BUN_JSC_logGC: "1" }, timeoutMs: 600_000 });
  const log = err.split("\n");
  const gc = gcWindow(log.slice(log.indexOf("=== window") + 1, log.indexOf("=== end")));
  console.log(JSON.stringify({ timing: JSON.parse(out.trim().split("\n").at(-1)!), gc }));
}
