// Child of bench/alloc.ts: chat lines with the collector as it ships, started with BUN_JSC_logGC=1 so
// JSC writes each collection (its trigger, kind and pauses) to stderr. The child marks on stderr where
// the measured lines begin and end, and after which line a collection was seen (the heap's size as of
// the last collection changed), so the parent can tell bytes per line. The store's checkpoint worker
// logs collections of its own heap too: the collection before it exists names this thread's heap.
import { heapSize } from "bun:jsc";
import { ChatRig } from "./rig";

const LOBBIES = Number(process.env.ALLOC_LOBBIES ?? 250);
const LINES = Number(process.env.ALLOC_GC_LINES ?? 50000);
const WARM = Number(process.env.ALLOC_WARM ?? 20000);

const mark = (line: string) => process.stderr.write(`=== ${line}\n`);
Bun.gc(true);
mark("rig");
const rig = new ChatRig(LOBBIES);
rig.warmUp(WARM);
const start = rig.seats.length * 1000;
const frames = rig.frames(start, LINES);
Bun.gc(true);
mark("begin");
let size = heapSize();
const t0 = performance.now();
for (let i = 0; i < LINES; i++) {
  rig.line(start + i, frames[i]!);
  const now = heapSize();
  if (now !== size) {
    size = now;
    mark(`gc ${i + 1}`);
  }
}
const ms = performance.now() - t0;
mark(`end ${LINES}`);
rig.check();
rig.close();
console.log(JSON.stringify({ lobbies: LOBBIES, lines: LINES, ms }));
