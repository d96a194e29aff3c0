// Time is injected: production uses the real clock, tests a fake one they advance by hand.
export interface Clock {
  now(): number;
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export const realClock: Clock = {
  now: () => Date.now(),
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
