// The latency method the generators share: each chat line carries its send time, every client that
// receives it records receive time - send time. A window counts the lines sent inside it, the
// receptions they owe (one per member of the room), the ones that came and how late.

/** The send time rides in the message text: "<ms since generator start>|<client>". */
export function stamp(client: number): string {
  return `${performance.now().toFixed(3)}|c${client}`;
}

export function sentAtOf(message: unknown): number {
  if (typeof message !== "string") return NaN;
  const bar = message.indexOf("|");
  return bar > 0 ? Number(message.slice(0, bar)) : NaN;
}

/** How a set of delays spreads, in ms. */
export interface Spread {
  p50: number;
  p90: number;
  p99: number;
  max: number;
  mean: number;
  samples: number;
}

export interface WindowStats {
  /** lines sent inside the window */
  sent: number;
  /** receptions (line x receiving client) that arrived during the window, per second */
  deliveredPerSec: number;
  /** receptions owed by the window's lines that have not arrived */
  lost: number;
  latencyMs: Spread;
}

function percentile(sorted: Float64Array, p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}
export const round = (n: number, digits = 2) => (Number.isFinite(n) ? Number(n.toFixed(digits)) : -1);

/** Delays noted one by one (a growing typed array, so a million cost no objects), and their spread. */
export class Samples {
  private values = new Float64Array(1 << 16);
  private n = 0;

  add(value: number): void {
    if (this.n === this.values.length) {
      const bigger = new Float64Array(this.values.length * 2);
      bigger.set(this.values);
      this.values = bigger;
    }
    this.values[this.n++] = value;
  }

  spread(): Spread {
    const sorted = this.values.slice(0, this.n).sort();
    let sum = 0;
    for (const v of sorted) sum += v;
    return { p50: round(percentile(sorted, 50)), p90: round(percentile(sorted, 90)), p99: round(percentile(sorted, 99)), max: round(sorted.at(-1) ?? NaN), mean: round(sum / Math.max(1, sorted.length)), samples: sorted.length };
  }
}

export class ChatWindow {
  private latencies = new Samples();
  private sent = 0;
  private expected = 0;
  private delivered = 0;
  private receivedInWindow = 0;

  constructor(
    readonly start: number,
    readonly end: number,
  ) {}

  /** A line stamped `at`, sent to a room of `roomSize` clients (the sender included). */
  sentLine(at: number, roomSize: number): void {
    if (at < this.start || at >= this.end) return;
    this.sent++;
    this.expected += roomSize;
  }

  received(sentAt: number): void {
    const now = performance.now();
    if (now >= this.start && now < this.end) this.receivedInWindow++;
    if (sentAt < this.start || sentAt >= this.end) return;
    this.delivered++;
    this.latencies.add(now - sentAt);
  }

  /** Every reception the window's lines owe has arrived. */
  complete(): boolean {
    return this.delivered >= this.expected;
  }

  stats(): WindowStats {
    const seconds = (this.end - this.start) / 1000;
    return {
      sent: this.sent,
      deliveredPerSec: Number.isFinite(seconds) ? round(this.receivedInWindow / seconds, 1) : 0,
      lost: Math.max(0, this.expected - this.delivered),
      latencyMs: this.latencies.spread(),
    };
  }
}
