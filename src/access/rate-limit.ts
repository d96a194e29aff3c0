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

/** A budget of calls per address; a cluster's are counted in its shared store, so they answer later. */
export interface Budget {
  allow(key: string): boolean | Promise<boolean>;
}

/** Makes a budget counted across a cluster's nodes (docs/cluster.md "Keys"). */
export type SharedBudgets = (name: string, perWindow: number, windowMs: number) => Budget;

/** The per-address budgets of the whole server (docs/decisions.md "Keeping strangers out"). */
export interface Budgets {
  /** create and join */
  joins: Budget;
  /** every look-up of a code: REST, pages, the TV's watch, snapshots (per node: HAProxy sends a lobby's look-ups to one) */
  lookups: RateLimiter;
  /** lobbies created, per hour */
  lobbies: Budget;
  /** REST calls of one seated player (the host's lobby commands above all), per minute; keyed by player */
  commands: RateLimiter;
}

export function makeBudgets(config: { JOIN_RATE_PER_MIN: number; LOOKUP_RATE_PER_MIN: number; LOBBIES_PER_HOUR: number; HOST_COMMANDS_PER_MIN: number }, shared?: SharedBudgets): Budgets {
  const budget = (name: string, perWindow: number, windowMs: number): Budget => (shared ? shared(name, perWindow, windowMs) : new RateLimiter(perWindow, Date.now, windowMs));
  return {
    joins: budget("joins", config.JOIN_RATE_PER_MIN, 60_000),
    lookups: new RateLimiter(config.LOOKUP_RATE_PER_MIN),
    lobbies: budget("lobbies", config.LOBBIES_PER_HOUR, 60 * 60_000),
    // Per node: HAProxy sends a lobby's calls to the node that holds it.
    commands: new RateLimiter(config.HOST_COMMANDS_PER_MIN),
  };
}
