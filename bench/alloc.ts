// What one chat line allocates on the server's path, and what the collector does about it
// (docs/bench.md "Allocations per chat line"). `bun run bench/alloc.ts [--json]`. Two children, each
// driving chat lines through the real path in-process (bench/alloc/rig.ts), a line finished once its
// commit is written and its frame published, in the turn it came in:
//   count.ts  objects per line, whole and by stage (the service's turn, and its parts), in windows no
//             collection runs in;
//   gc.ts     JSC's own log of each collection, run twice: with the collector as it ships (collections
//             and pauses per thousand lines), and with the collections that come of time put off, so
//             that every collection is one the allocations asked for and their bytes add up to bytes
//             per line (JSC logs the bytes only for those).
// Everything is counted on the main thread: the store's checkpointer thread has a heap of its own,
// and works by the clock, not by the line.
// Tuning: ALLOC_LOBBIES (250 lobbies of 8), ALLOC_LINES (5,000 counted), ALLOC_GC_LINES (150,000:
// with timed collections off, a collection comes every 25,000 lines or so, and bytes need several),
// ALLOC_WARM (50,000 lines first, and at least every lobby's history full; after 20,000 the service's
// compiled code had not settled, and counted an object more), ALLOC_WAVE (1: a line a turn of the
// event loop; 250: a line of every lobby in one turn).
import type { Counted } from "./alloc/count";
import { round, runToolOutput } from "./common/proc";

const child = (script: string, env: Record<string, string>) => runToolOutput(script, ["bun", `bench/alloc/${script}`], { env, timeoutMs: 900_000 });

/**
 * Collections that come of time rather than of allocation, put off: Bun's repeating timer is off, and
 * JSC's eden and full timers, which wait in proportion to the CPU share they may take, may take next
 * to none. The rig gives the event loop a turn after every wave, so these timers would fire.
 */
const NO_TIMED_COLLECTION = {
  BUN_GC_TIMER_DISABLE: "1",
  BUN_JSC_percentCPUPerMBForEdenTimer: "0.000000001",
  BUN_JSC_percentCPUPerMBForFullTimer: "0.000000001",
  BUN_JSC_collectionTimerMaxPercentCPU: "0.000000001",
};
/** No collection inside a counted window: the eden raised to 4 GB. */
const NO_COLLECTION = { ...NO_TIMED_COLLECTION, BUN_JSC_largeHeapSize: "4000000000" };

export interface GcFigures {
  lines: number;
  ms: number;
  eden: number;
  full: number;
  /** collections no allocation asked for (JSC's and Bun's timers) */
  timed: number;
  pauses: number;
  pauseMs: number;
  maxPauseMs: number;
  bytesPerLine: number;
}

/**
 * Reads JSC's log (BUN_JSC_logGC=1) between the child's marks. Every stop of the world ends with
 * "p=<ms>"; "Requesting GC because bytes allocated this cycle: <bytes>" precedes a collection the
 * allocations triggered, and is taken as the next one's to start, whichever heap's. Only this thread's
 * heap is read.
 */
export function readGcLog(log: string, ms: number): GcFigures {
  const rows = log.split("\n");
  const rig = rows.indexOf("=== rig");
  const heap = rows.slice(0, rig).map((r) => r.match(/^\[GC<(\w+)>: START/)?.[1]).findLast(Boolean);
  if (!heap) throw new Error("no collection before the rig: cannot tell this thread's heap");
  const begin = rows.indexOf("=== begin");
  const figures: GcFigures = { lines: 0, ms, eden: 0, full: 0, timed: 0, pauses: 0, pauseMs: 0, maxPauseMs: 0, bytesPerLine: 0 };
  let requested: number | null = null;
  /** per collection the allocations asked for: its bytes and the first line it was seen after */
  const cycles: { bytes: number; seenAfter: number | null }[] = [];
  for (const row of rows.slice(begin + 1)) {
    const end = row.match(/^=== end (\d+)/);
    if (end) {
      figures.lines = Number(end[1]);
      break;
    }
    const seen = row.match(/^=== gc (\d+)/);
    if (seen) {
      const last = cycles.at(-1);
      if (last && last.seenAfter === null) last.seenAfter = Number(seen[1]);
      continue;
    }
    const request = row.match(/^Requesting GC because bytes allocated this cycle: (\d+)/);
    if (request) {
      requested = Number(request[1]);
      continue;
    }
    const own = row.match(/^\[GC<(\w+)>: (.*)$/);
    if (!own) continue;
    const start = own[2]!.match(/START \S+ \d+kb => (Eden|Full)Collection/);
    const asked = start ? requested : null;
    if (start) requested = null;
    if (own[1] !== heap) continue;
    if (start) {
      if (start[1] === "Eden") figures.eden++;
      else figures.full++;
      if (asked === null) figures.timed++;
      else cycles.push({ bytes: asked, seenAfter: null });
    }
    for (const pause of own[2]!.matchAll(/p=([\d.]+)ms/g)) {
      const p = Number(pause[1]);
      figures.pauses++;
      figures.pauseMs += p;
      figures.maxPauseMs = Math.max(figures.maxPauseMs, p);
    }
  }
  // Bytes between the first and the last collection seen, over the lines between them.
  const seen = cycles.filter((c): c is { bytes: number; seenAfter: number } => c.seenAfter !== null);
  if (seen.length >= 2) {
    const bytes = seen.slice(1).reduce((sum, c) => sum + c.bytes, 0);
    figures.bytesPerLine = bytes / (seen.at(-1)!.seenAfter - seen[0]!.seenAfter);
  }
  return figures;
}

const top = (c: Counted) =>
  Object.entries(c.types)
    .filter(([, n]) => Math.abs(n) >= 0.05)
    .sort((a, b) => b[1] - a[1])
    .map(([t, n]) => `${t} ${round(n, 1)}`)
    .join(", ");

if (import.meta.main) {
  const counted = JSON.parse((await child("count.ts", NO_COLLECTION)).out) as { lobbies: number; lines: number; warm: number; wave: number; line: Counted; driver: Counted; stages: Record<string, Counted>; service: Counted; parts: Record<string, Counted> };
  const collected = async (env: Record<string, string>) => {
    const run = await child("gc.ts", { BUN_JSC_logGC: "1", ...env });
    return readGcLog(run.err, (JSON.parse(run.out) as { ms: number }).ms);
  };
  const gc = await collected({});
  const untimed = await collected(NO_TIMED_COLLECTION);
  const sum = (stages: Record<string, Counted>) => Object.values(stages).reduce((total, c) => total + c.objects, 0);
  if (process.argv.includes("--json")) console.log(JSON.stringify({ counted, gc, untimed }));
  else {
    const heap = (h: GcFigures) => {
      const per1000 = (n: number) => round((n * 1000) / h.lines, 2);
      return `${h.eden} eden and ${h.full} full collections (${h.timed} timed, not asked for by allocations), longest pause ${round(h.maxPauseMs, 2)} ms; per 1,000 lines ${per1000(h.eden + h.full)} collections, ${per1000(h.pauseMs)} ms paused`;
    };
    console.log(`Chat lines in-process: ${counted.lobbies} lobbies of 8, room chat, every history full, in waves of ${counted.wave} (Bun ${Bun.version})`);
    console.log(`  objects per line: ${round(counted.line.objects, 2)} (${top(counted.line)}), over ${counted.lines} lines`);
    for (const [stage, c] of Object.entries(counted.stages)) console.log(`    ${stage}: ${round(c.objects, 1)} (${top(c)})`);
    const { service } = counted;
    console.log(`    the service (LobbyService.dispatch, until its frame is published): ${round(service.objects, 1)} (${top(service)})`);
    for (const [part, p] of Object.entries(counted.parts)) console.log(`      ${part}: ${round(p.objects, 1)} (${top(p)})`);
    console.log(`      the rest (the service's job and change, the effects' loop): ${round(service.objects - sum(counted.parts), 1)}`);
    // Run together, the stages are compiled together, and the JIT leaves out objects that do not escape
    // the line (allocation sinking): the rest may come out below the handlers' own, even below zero.
    console.log(`    the rest (the handlers' own, less what the JIT sinks when the stages run together): ${round(counted.line.objects - sum(counted.stages) - service.objects, 1)}`);
    console.log(`  the rig's own per line, not in the objects above but in the bytes below: ${round(counted.driver.objects, 2)} (${top(counted.driver)})`);
    console.log(`  bytes per line, as JSC counts them toward its next collection (timed collections off): ${Math.round(untimed.bytesPerLine)}`);
    console.log(`  over ${gc.lines} lines as it ships: ${heap(gc)}; ${round((gc.ms * 1000) / gc.lines, 1)} µs a line (wall time, this machine, not a goal)`);
    console.log(`  over ${untimed.lines} lines, timed collections off: ${heap(untimed)}`);
  }
}
