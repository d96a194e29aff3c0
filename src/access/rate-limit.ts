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

  /** Spends `cost` (a call, or bytes) of the key's window; false, and nothing spent, past it. */
  allow(key: string, cost = 1): boolean {
    const now = this.now();
    let window = this.windows.get(key);
    if (!window || now - window.start >= this.windowMs) {
      if (this.windows.size > 10_000) this.sweep(now);
      window = { start: now, count: 0 };
      this.windows.set(key, window);
    }
    if (window.count + cost > this.perWindow) {
      // A call counts even refused, so a flood stays refused; bytes refused were never added.
      if (cost === 1) window.count++;
      return false;
    }
    window.count += cost;
    return true;
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
  /** lobbies created, per hour; keyed by network (access/networks.ts) */
  lobbies: Budget;
  /** REST calls of one seated player (the host's lobby commands above all), per minute; keyed by player */
  commands: RateLimiter;
  /** bytes of own questions one network may add, per hour: its share of OWN_QUESTIONS_TOTAL_BYTES */
  ownQuestionBytes: RateLimiter;
}

export function makeBudgets(
  config: { JOIN_RATE_PER_MIN: number; LOOKUP_RATE_PER_MIN: number; LOBBIES_PER_HOUR: number; HOST_COMMANDS_PER_MIN: number; OWN_QUESTIONS_NETWORK_BYTES_PER_HOUR: number },
  shared?: SharedBudgets,
): Budgets {
  const budget = (name: string, perWindow: number, windowMs: number): Budget => (shared ? shared(name, perWindow, windowMs) : new RateLimiter(perWindow, Date.now, windowMs));
  return {
    joins: budget("joins", config.JOIN_RATE_PER_MIN, 60_000),
    lookups: new RateLimiter(config.LOOKUP_RATE_PER_MIN),
    lobbies: budget("lobbies", config.LOBBIES_PER_HOUR, 60 * 60_000),
    // Per node: HAProxy sends a lobby's calls to the node that holds it.
    commands: new RateLimiter(config.HOST_COMMANDS_PER_MIN),
    ownQuestionBytes: new RateLimiter(config.OWN_QUESTIONS_NETWORK_BYTES_PER_HOUR, Date.now, 60 * 60_000),
  };
}
