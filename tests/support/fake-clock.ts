// A clock tests move by hand: timers fire in deadline order as advance() passes them, each one's
// commit and effects landing (settle) before the next is looked for, so a timer a fired one arms is
// fired too when its time is passed. Wall time and monotonic time move together, except that step()
// sets the wall clock alone, as a Pi's NTP does.
import type { Clock } from "../../src/lobbies/clock";
import { settle } from "./settle";

interface Pending {
  id: number;
  at: number;
  fn: () => void;
}

export class FakeClock implements Clock {
  private time: number;
  /** monotonic time; timers wait on it */
  private mono = 0;
  private seq = 0;
  private pending: Pending[] = [];

  constructor(start = 1_700_000_000_000) {
    this.time = start;
  }

  now = () => this.time;

  elapsed = () => this.mono;

  setTimeout = (fn: () => void, ms: number) => {
    const id = ++this.seq;
    this.pending.push({ id, at: this.mono + Math.max(0, ms), fn });
    return id;
  };

  clearTimeout = (handle: unknown) => {
    this.pending = this.pending.filter((p) => p.id !== handle);
  };

  get timers(): number {
    return this.pending.length;
  }

  async advance(ms: number): Promise<void> {
    const until = this.mono + ms;
    for (;;) {
      const next = this.pending.filter((p) => p.at <= until).sort((a, b) => a.at - b.at || a.id - b.id)[0];
      if (!next) break;
      this.pending = this.pending.filter((p) => p !== next);
      this.time += next.at - this.mono;
      this.mono = next.at;
      next.fn();
      await settle(1);
    }
    this.time += until - this.mono;
    this.mono = until;
  }

  /** Sets the wall clock forward (or back, when negative) without any time passing: no timer fires. */
  step(ms: number): void {
    this.time += ms;
  }
}
