// A server's collections over the bench's window, from JSC's log (BUN_JSC_logGC=1 on its stderr):
// how many, and how long the world stopped. The log names each heap; the main thread's is the
// largest (a worker's, the checkpointer's, holds next to nothing).
export interface GcWindow {
  eden: number;
  full: number;
  pauses: number;
  pauseMs: number;
  maxPauseMs: number;
  /** pauses of 1 ms or more */
  over1Ms: number;
}

export function gcWindow(lines: readonly string[]): GcWindow {
  const heaps = new Map<string, GcWindow & { kb: number }>();
  for (const line of lines) {
    const own = line.match(/^\[GC<(\w+)>: (.*)$/);
    if (!own) continue;
    let heap = heaps.get(own[1]!);
    if (!heap) heaps.set(own[1]!, (heap = { eden: 0, full: 0, pauses: 0, pauseMs: 0, maxPauseMs: 0, over1Ms: 0, kb: 0 }));
    const start = own[2]!.match(/START \S+ (\d+)kb => (Eden|Full)Collection/);
    if (start) {
      heap.kb = Math.max(heap.kb, Number(start[1]));
      if (start[2] === "Eden") heap.eden++;
      else heap.full++;
    }
    for (const pause of own[2]!.matchAll(/p=([\d.]+)ms/g)) {
      const p = Number(pause[1]);
      heap.pauses++;
      heap.pauseMs += p;
      heap.maxPauseMs = Math.max(heap.maxPauseMs, p);
      if (p >= 1) heap.over1Ms++;
    }
  }
  const main = [...heaps.values()].sort((a, b) => b.kb - a.kb)[0];
  if (!main) return { eden: 0, full: 0, pauses: 0, pauseMs: 0, maxPauseMs: 0, over1Ms: 0 };
  const { kb: _kb, ...figures } = main;
  return { ...figures, pauseMs: Number(figures.pauseMs.toFixed(2)), maxPauseMs: Number(figures.maxPauseMs.toFixed(2)) };
}
