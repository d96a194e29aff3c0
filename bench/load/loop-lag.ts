// How late a process's own timers run: a 10 ms interval notes how far past its due time each call
// came. A generator whose loop lags measures its own delay as the server's, so the capacity bench
// reports it beside each step's latency.
const INTERVAL_MS = 10;

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

  /** The p99 and max lateness noted since the last reset, in ms. */
  take(): { p99: number; max: number } {
    const sorted = this.lags.sort((a, b) => a - b);
    const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)] ?? NaN;
    return { p99: Number(at(0.99).toFixed(1)), max: Number((sorted.at(-1) ?? NaN).toFixed(1)) };
  }

  stop(): void {
    clearInterval(this.timer);
  }
}
