// What the cluster bench's load counts over one stretch of time, for one group of lobbies: chat (the
// lines sent, every reception they owe, each one's delay), how late round timers were heard, lost
// connections and how long their players took to get a snapshot back, and errors by kind.
import { ChatWindow, Samples, type Spread, type WindowStats } from "../load/chat-window";

export interface TallyReport {
  chat: WindowStats;
  /** a round's round-timeup at each player, ms after the round's endsAt */
  timeupLateMs: Spread;
  /** a round's round-results at each player, ms after the round's endsAt (the judge's time included) */
  resultsLateMs: Spread;
  /** receptions the chat window counts lost that a player found in its snapshot's chat history when it came back */
  inSnapshot: number;
  /** connections that went without the player closing them */
  lostConnections: number;
  /** from a lost connection to the snapshot of a new one, per player, ms */
  toSnapshotMs: Spread;
  errors: number;
  errorKinds: Record<string, number>;
}

export class Tally {
  readonly chat: ChatWindow;
  readonly timeup = new Samples();
  readonly results = new Samples();
  readonly toSnapshot = new Samples();
  lostConnections = 0;
  inSnapshot = 0;
  readonly errorKinds: Record<string, number> = {};

  /** Chat lines count when sent from `start` to `end` (performance.now()). */
  constructor(start: number, end: number) {
    this.chat = new ChatWindow(start, end);
  }

  error(kind: string): void {
    this.errorKinds[kind] = (this.errorKinds[kind] ?? 0) + 1;
  }

  report(): TallyReport {
    return {
      chat: this.chat.stats(),
      timeupLateMs: this.timeup.spread(),
      resultsLateMs: this.results.spread(),
      inSnapshot: this.inSnapshot,
      lostConnections: this.lostConnections,
      toSnapshotMs: this.toSnapshot.spread(),
      errors: Object.values(this.errorKinds).reduce((a, b) => a + b, 0),
      errorKinds: this.errorKinds,
    };
  }
}
