/** What a caller over any of its budgets is told, over REST, over the socket and on a page. */
export const TOO_MANY_REQUESTS = "Too many requests, slow down";

// Fixed windows per address (a minute unless told): enough for a party behind one home router, too
// few to flood lobbies or walk through every code.
export class RateLimiter {
  private readonly windows = new Map<string, { start: number; count: number }>();

  constructor(
    private readonly perWindow: number,
    private readonly now: () => number = Date.now,
    private readonly windowMs = 60_000,
  ) {}

  allow(key: string): boolean {
    const now = this.now();
    const window = this.windows.get(key);
    if (!window || now - window.start >= this.windowMs) {
      if (this.windows.size > 10_000) this.sweep(now);
      this.windows.set(key, { start: now, count: 1 });
      return true;
    }
    window.count++;
    return window.count <= this.perWindow;
  }

  private sweep(now: number): void {
    for (const [key, w] of this.windows) if (now - w.start >= this.windowMs) this.windows.delete(key);
  }
}

/** The per-address budgets of the whole server (docs/decisions.md "Keeping strangers out"). */
export interface Budgets {
  /** create and join */
  joins: RateLimiter;
  /** every look-up of a code: REST, pages, the TV's watch, snapshots */
  lookups: RateLimiter;
  /** lobbies created, per hour */
  lobbies: RateLimiter;
}

export function makeBudgets(config: { JOIN_RATE_PER_MIN: number; LOOKUP_RATE_PER_MIN: number; LOBBIES_PER_HOUR: number }): Budgets {
  return {
    joins: new RateLimiter(config.JOIN_RATE_PER_MIN),
    lookups: new RateLimiter(config.LOOKUP_RATE_PER_MIN),
    lobbies: new RateLimiter(config.LOBBIES_PER_HOUR, Date.now, 60 * 60_000),
  };
}
