// Preloaded into the store's writer thread by the rig (rig.ts), whose heap is its own: asked in an
// empty group of changes (which the writer ignores), it answers with that heap's cell counts by type,
// after a full collection when asked to "collect". The store ignores an answer it does not know.
import { heapSize, heapStats } from "bun:jsc";

declare const self: Worker;

export interface WriterCounts {
  types: Record<string, number>;
  heapSize: number;
}

self.addEventListener("message", (event: MessageEvent<{ probe?: "collect" | "count" }>) => {
  const asked = event.data?.probe;
  if (!asked) return;
  if (asked === "collect") Bun.gc(true);
  const types = heapStats().objectTypeCounts as Record<string, number>;
  self.postMessage({ probe: { types, heapSize: heapSize() } satisfies WriterCounts });
});
