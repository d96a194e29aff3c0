// A small, bounded HTTP load generator, run as its own process so it never shares an event loop with
// the server it measures: `concurrency` keep-alive loops GET one URL for a warm-up, then for
// `duration`, and one JSON line reports what the measured window completed.
//
//   bun bench/load/http-load.ts --url URL [--concurrency 32] [--duration 5000] [--warmup 1000]
//                               [--header "name: value"]...
import { parseArgs } from "node:util";

const { values } = parseArgs({
  options: {
    url: { type: "string" },
    concurrency: { type: "string", default: "32" },
    duration: { type: "string", default: "5000" },
    warmup: { type: "string", default: "1000" },
    header: { type: "string", multiple: true, default: [] },
  },
});

if (!values.url) throw new Error("--url is required");
const url = values.url;
const concurrency = Math.max(1, Math.min(512, Number(values.concurrency)));
const duration = Math.max(100, Math.min(60_000, Number(values.duration)));
const warmup = Math.max(0, Math.min(30_000, Number(values.warmup)));
const headers: Record<string, string> = {};
for (const h of values.header ?? []) {
  const at = h.indexOf(":");
  if (at > 0) headers[h.slice(0, at).trim().toLowerCase()] = h.slice(at + 1).trim();
}
// Bun's fetch asks for compression unless told what to accept; say it explicitly either way.
headers["accept-encoding"] ??= "identity";

// Whatever happens, this process ends: the bench must never hang on its load generator.
setTimeout(() => {
  console.error("http-load: hard deadline passed");
  process.exit(2);
}, warmup + duration + 30_000).unref();

let measuring = false;
let stopping = false;
let ok = 0;
let total = 0;
let errors = 0;
let bytes = 0;
const latencies: number[] = [];
let firstError = "";

async function loop(): Promise<void> {
  while (!stopping) {
    const t0 = performance.now();
    try {
      // decompress: false hands back the bytes as sent, so the client spends no time inflating them.
      const res = await fetch(url, { headers, decompress: false, signal: AbortSignal.timeout(10_000) } as RequestInit);
      const body = Buffer.from(await res.arrayBuffer());
      const good = res.status === 200 && body.length > 0;
      total++;
      if (!measuring) continue;
      if (good) {
        ok++;
        bytes += body.length;
        latencies.push(performance.now() - t0);
      } else {
        errors++;
        firstError ||= `status ${res.status}`;
      }
    } catch (err) {
      if (!measuring) continue;
      errors++;
      firstError ||= err instanceof Error ? err.message : String(err);
    }
  }
}

const loops = Array.from({ length: concurrency }, () => loop());
await Bun.sleep(warmup);
measuring = true;
const start = performance.now();
await Bun.sleep(duration);
measuring = false;
const elapsed = performance.now() - start;
stopping = true;
await Promise.all(loops);

latencies.sort((a, b) => a - b);
const pct = (p: number) => (latencies.length ? latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))]! : NaN);
console.log(
  JSON.stringify({
    url,
    concurrency,
    durationMs: Math.round(elapsed),
    requests: ok,
    /** every response, warm-up included, for dividing the server's CPU time by */
    totalRequests: total,
    errors,
    firstError,
    rps: (ok / elapsed) * 1000,
    p50Ms: pct(50),
    p99Ms: pct(99),
    meanBytes: ok ? bytes / ok : 0,
  }),
);
process.exit(0);
