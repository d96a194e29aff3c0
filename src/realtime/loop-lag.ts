// How late a process's own timers run: a 10 ms interval notes how far past its due time each call
// came. Every message waiting in the loop waits at least that long. A load generator whose loop lags
// measures its own delay as the server's, so the capacity bench reports it beside each step's
// latency; the server's line timing (line-timing.ts) reports the server's own.
const INTERVAL_MS = 10;

export interface Spread {
  p50: number;
  p99: number;
  max: number;
}

const round = (n: number) => Number(n.toFixed(3));

/** The median, p99 and largest of the first `n` values, in their unit. */
export function spread(values: Float64Array, n = values.length): Spread {
  const sorted = values.slice(0, n).sort();
  const at = (p: number) => sorted[Math.min(n - 1, Math.max(0, Math.ceil(p * n) - 1))] ?? Number.NaN;
  return { p50: round(at(0.5)), p99: round(at(0.99)), max: round(sorted[n - 1] ?? Number.NaN) };
}

export class LoopLag {
  private lags: number[] = [];
  private last = performance.now();
  private readonly timer = setInterval(() => {
    const now = performance.now();
    this.lags.push(Math.max(0, now - this.last - INTERVAL_MS));
    this.last = now;
  }, INTERVAL_MS);

  /** Forgets what was noted so far. */
  reset(): void {
    this.lags = [];
  }

  /** The lateness noted since the last reset, in ms, and how many calls. */
  take(): Spread & { samples: number } {
    const values = Float64Array.from(this.lags);
    return { ...spread(values), samples: values.length };
  }

  stop(): void {
    clearInterval(this.timer);
  }
}
