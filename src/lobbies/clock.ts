// Time is injected: production uses the real clock, tests a fake one they advance by hand.
export interface Clock {
  /** wall-clock time (ms since the epoch): what deadlines are written in, so they survive a restart */
  now(): number;
  /** monotonic ms from an arbitrary origin: what durations are measured with, as timers are */
  elapsed(): number;
  /** waits `ms` of monotonic time */
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export const realClock: Clock = {
  now: () => Date.now(),
  elapsed: () => performance.now(),
  setTimeout: (fn, ms) => setTimeout(fn, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

/** A lobby's named timers; dispose() kills them all when the lobby goes. */
export class LobbyTimers {
  private readonly handles = new Map<string, unknown>();
  constructor(private readonly clock: Clock) {}

  /** Fires at an absolute time, so a deadline saved before a restart is kept exactly. */
  at(key: string, at: number, fn: () => void): void {
    this.cancel(key);
    const handle = this.clock.setTimeout(() => {
      this.handles.delete(key);
      fn();
    }, Math.max(0, at - this.clock.now()));
    this.handles.set(key, handle);
  }

  has(key: string): boolean {
    return this.handles.has(key);
  }

  cancel(key: string): void {
    if (!this.handles.has(key)) return;
    this.clock.clearTimeout(this.handles.get(key));
    this.handles.delete(key);
  }

  get size(): number {
    return this.handles.size;
  }

  dispose(): void {
    for (const key of [...this.handles.keys()]) this.cancel(key);
  }
}

/** Steps of the wall clock smaller than this are drift or jitter, not a clock being set. */
export const CLOCK_STEP_MS = 2000;

/**
 * Notices the wall clock being set: wall time minus monotonic time is constant while both run, so a
 * change of it is a step. Slow drift (NTP slewing) is taken in a little at each look, never reported.
 */
export class ClockGuard {
  private offset: number;
  constructor(private readonly clock: Clock) {
    this.offset = clock.now() - clock.elapsed();
  }

  /** By how much the wall clock stepped since the last look (0 if it did not). */
  step(): number {
    const offset = this.clock.now() - this.clock.elapsed();
    const by = offset - this.offset;
    this.offset = offset;
    return Math.abs(by) >= CLOCK_STEP_MS ? by : 0;
  }
}
