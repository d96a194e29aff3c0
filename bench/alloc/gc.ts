// Child of bench/alloc.ts: chat lines with the collector as it ships, started with BUN_JSC_logGC=1 so
// JSC writes each collection (its trigger, kind and pauses) to stderr. The child marks on stderr where
// the measured lines begin and end, and after which line a collection was seen (the heap's size as of
// the last collection changed, looked at before each wave), so the parent can tell bytes per line.
// The store's checkpointer thread logs collections of its own heap too: the collection before the rig
// names this thread's heap.
import { heapSize } from "bun:jsc";
import { ChatRig } from "./rig";

const LOBBIES = Number(process.env.ALLOC_LOBBIES ?? 250);
const LINES = Number(process.env.ALLOC_GC_LINES ?? 150000);
const WARM = Number(process.env.ALLOC_WARM ?? 50000);
const WAVE = Number(process.env.ALLOC_WAVE ?? 1);

const mark = (line: string) => process.stderr.write(`=== ${line}\n`);
Bun.gc(true);
mark("rig");
const rig = await ChatRig.open(LOBBIES);
await rig.warmUp(WARM, WAVE);
const start = rig.seats.length * 1000;
const frames = rig.frames(start, LINES);
Bun.gc(true);
mark("begin");
let size = heapSize();
const t0 = performance.now();
await rig.lines(start, frames, WAVE, (done) => {
  const now = heapSize();
  if (now !== size) {
    size = now;
    mark(`gc ${done}`);
  }
});
const ms = performance.now() - t0;
mark(`end ${LINES}`);
await rig.close();
console.log(JSON.stringify({ lobbies: LOBBIES, lines: LINES, wave: WAVE, ms }));
