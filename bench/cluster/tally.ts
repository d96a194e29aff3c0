// What the cluster bench's load counts over one stretch of time, for one group of lobbies: chat (the
// lines sent, every reception they owe, each one's delay), how late round timers were heard, lost
// connections and how long their players took to get a snapshot back, and errors by kind.
import { ChatWindow, Samples, type Spread, type WindowStats } from "../load/chat-window";

export interface TallyReport {
  chat: WindowStats;
  /** chat p99 of the lines sent in each slice of the window, ms (when the tally was cut in slices) */
  chatP99BySlice: number[];
  /** a round's round-timeup at each player, ms after the round's endsAt */
  timeupLateMs: Spread;
  /** a round's round-results at each player, ms after the round's endsAt (the judge's time included) */
  resultsLateMs: Spread;
  /** connections that went without the player closing them */
  lostConnections: number;
  /** from a lost connection to the snapshot of a new one, per player, ms */
  toSnapshotMs: Spread;
  errors: number;
  errorKinds: Record<string, number>;
}

export class Tally {
  readonly chat: ChatWindow;
  /** the same window cut in slices, so a tail made in a few bad seconds shows as such */
  private readonly slices: ChatWindow[] = [];
  readonly timeup = new Samples();
  readonly results = new Samples();
  readonly toSnapshot = new Samples();
  lostConnections = 0;
  readonly errorKinds: Record<string, number> = {};

  /** Chat lines count when sent from `start` to `end` (performance.now()), and in slices of `sliceMs` if given. */
  constructor(start: number, end: number, sliceMs?: number) {
    this.chat = new ChatWindow(start, end);
    if (sliceMs) for (let at = start; at < end; at += sliceMs) this.slices.push(new ChatWindow(at, Math.min(end, at + sliceMs)));
  }

  sentLine(at: number, roomSize: number): void {
    this.chat.sentLine(at, roomSize);
    for (const slice of this.slices) slice.sentLine(at, roomSize);
  }

  received(sentAt: number): void {
    this.chat.received(sentAt);
    for (const slice of this.slices) slice.received(sentAt);
  }

  error(kind: string): void {
    this.errorKinds[kind] = (this.errorKinds[kind] ?? 0) + 1;
  }

  report(): TallyReport {
    return {
      chat: this.chat.stats(),
      chatP99BySlice: this.slices.map((slice) => slice.stats().latencyMs.p99),
      timeupLateMs: this.timeup.spread(),
      resultsLateMs: this.results.spread(),
      lostConnections: this.lostConnections,
      toSnapshotMs: this.toSnapshot.spread(),
      errors: Object.values(this.errorKinds).reduce((a, b) => a + b, 0),
      errorKinds: this.errorKinds,
    };
  }
}
