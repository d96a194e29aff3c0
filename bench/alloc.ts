// What one chat line allocates on the server's path, and what the collector does about it
// (docs/bench.md "Allocations per chat line"). `bun run bench/alloc.ts [--json]`. Two children, each
// driving chat lines through the real path in-process (bench/alloc/rig.ts):
//   count.ts  objects per line, whole and by stage, in windows no collection runs in;
//   gc.ts     the collector as it ships, with JSC's own log of each collection: bytes per line as JSC
//             counts them toward its next collection, collections and pauses per thousand lines.
// Tuning: ALLOC_LOBBIES (250 lobbies of 8), ALLOC_LINES (5,000 counted), ALLOC_GC_LINES (50,000),
// ALLOC_WARM (20,000 lines first, and at least every lobby's history full).
import type { Counted } from "./alloc/count";
import { round, runToolOutput } from "./common/proc";

const child = (script: string, env: Record<string, string>) => runToolOutput(script, ["bun", `bench/alloc/${script}`], { env, timeoutMs: 600_000 });

export interface GcFigures {
  lines: number;
  ms: number;
  eden: number;
  full: number;
  pauses: number;
  pauseMs: number;
  maxPauseMs: number;
  bytesPerLine: number;
}

/**
 * Reads JSC's log (BUN_JSC_logGC=1) between the child's marks. Every stop of the world ends with
 * "p=<ms>"; "Requesting GC because bytes allocated this cycle: <bytes>" precedes a collection the
 * allocations triggered. Lines of another heap (the checkpoint worker's) are left out.
 */
export function readGcLog(log: string, ms: number): GcFigures {
  const rows = log.split("\n");
  const rig = rows.indexOf("=== rig");
  const heap = rows.slice(0, rig).map((r) => r.match(/^\[GC<(\w+)>: START/)?.[1]).findLast(Boolean);
  if (!heap) throw new Error("no collection before the rig: cannot tell this thread's heap");
  const begin = rows.indexOf("=== begin");
  const figures: GcFigures = { lines: 0, ms, eden: 0, full: 0, pauses: 0, pauseMs: 0, maxPauseMs: 0, bytesPerLine: 0 };
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
    const asked = row.match(/^Requesting GC because bytes allocated this cycle: (\d+)/);
    if (asked) {
      requested = Number(asked[1]);
      continue;
    }
    const own = row.match(/^\[GC<(\w+)>: (.*)$/);
    if (!own) continue;
    const start = own[2]!.match(/START \S+ \d+kb => (Eden|Full)Collection/);
    if (own[1] !== heap) {
      // The request, if any, was the other heap's.
      if (start) requested = null;
      continue;
    }
    if (start) {
      if (start[1] === "Eden") figures.eden++;
      else figures.full++;
      if (requested !== null) cycles.push({ bytes: requested, seenAfter: null });
      requested = null;
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
  // The eden raised to 4 GB: the counted windows (a few tens of MB) run without a collection.
  const counted = JSON.parse((await child("count.ts", { BUN_JSC_largeHeapSize: "4000000000" })).out) as { lobbies: number; lines: number; warm: number; line: Counted; stages: Record<string, Counted> };
  const gcRun = await child("gc.ts", { BUN_JSC_logGC: "1" });
  const { ms } = JSON.parse(gcRun.out) as { ms: number };
  const gc = readGcLog(gcRun.err, ms);
  const staged = Object.values(counted.stages).reduce((sum, c) => sum + c.objects, 0);
  if (process.argv.includes("--json")) console.log(JSON.stringify({ counted, gc }));
  else {
    const per1000 = (n: number) => round((n * 1000) / gc.lines, 2);
    console.log(`Chat lines in-process: ${counted.lobbies} lobbies of 8, room chat, every history full (Bun ${Bun.version})`);
    console.log(`  objects per line: ${round(counted.line.objects, 1)} (${top(counted.line)}), over ${counted.lines} lines`);
    for (const [stage, c] of Object.entries(counted.stages)) console.log(`    ${stage}: ${round(c.objects, 1)} (${top(c)})`);
    console.log(`    the rest (handlers, service, effects): ${round(counted.line.objects - staged, 1)}`);
    console.log(`  bytes per line, as JSC counts them toward its next collection: ${Math.round(gc.bytesPerLine)}`);
    const collections = gc.eden + gc.full;
    console.log(`  over ${gc.lines} lines: ${gc.eden} eden and ${gc.full} full collections, ${gc.pauses} pauses, ${round(gc.pauseMs, 2)} ms paused in all (${round(gc.pauseMs / Math.max(1, collections), 2)} ms a collection), longest ${round(gc.maxPauseMs, 2)} ms`);
    console.log(`  per 1,000 lines: ${per1000(collections)} collections, ${per1000(gc.pauseMs)} ms paused; ${round((gc.ms * 1000) / gc.lines, 1)} µs a line (wall time, this machine, not a goal)`);
  }
}
