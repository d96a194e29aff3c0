// Token buckets: bursts of normal play pass, a flood is dropped, then cut off. Floods are counted per
// player and per address (FloodGuards), not per connection: opening connection after connection
// with one token, or from one address, buys no more than one (docs/decisions.md "Keeping strangers out").
export class FloodGuard {
  private tokens: number;
  private last: number;
  private dropped = 0;

  constructor(
    private readonly perSecond: number,
    private readonly burst: number,
    private readonly cutOffAfter: number,
    private readonly now: () => number = Date.now,
  ) {
    this.tokens = burst;
    this.last = now();
  }

  /** "ok" to handle the event, "drop" to ignore it, "cut" to disconnect the socket. */
  check(): "ok" | "drop" | "cut" {
    const now = this.now();
    this.tokens = Math.min(this.burst, this.tokens + ((now - this.last) / 1000) * this.perSecond);
    this.last = now;
    // A bucket that filled up again forgives: the drops counted toward a cut-off were a while ago.
    if (this.tokens >= this.burst) this.dropped = 0;
    if (this.tokens >= 1) {
      this.tokens -= 1;
      return "ok";
    }
    this.dropped++;
    return this.dropped >= this.cutOffAfter ? "cut" : "drop";
  }

  /** Full again, so nothing is held against it: the guard can be forgotten. */
  idle(now: number): boolean {
    return this.tokens + ((now - this.last) / 1000) * this.perSecond >= this.burst;
  }
}

export type Verdict = ReturnType<FloodGuard["check"]>;
const WORSE: Record<Verdict, number> = { ok: 0, drop: 1, cut: 2 };
export const worse = (a: Verdict, b: Verdict): Verdict => (WORSE[a] >= WORSE[b] ? a : b);

/** One guard per key (a player, an address), made on first use; full, idle ones are swept. */
export class FloodGuards {
  private readonly guards = new Map<string, FloodGuard>();

  constructor(
    private readonly make: () => FloodGuard,
    private readonly now: () => number = Date.now,
  ) {}

  check(key: string): Verdict {
    let guard = this.guards.get(key);
    if (!guard) {
      if (this.guards.size >= 10_000) this.sweep();
      guard = this.make();
      this.guards.set(key, guard);
    }
    return guard.check();
  }

  private sweep(): void {
    const now = this.now();
    for (const [key, guard] of this.guards) if (guard.idle(now)) this.guards.delete(key);
  }
}
