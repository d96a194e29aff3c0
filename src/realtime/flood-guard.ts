// A token bucket per socket: bursts of normal play pass, a flood is dropped, then cut off.
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
    if (this.tokens >= 1) {
      this.tokens -= 1;
      return "ok";
    }
    this.dropped++;
    return this.dropped >= this.cutOffAfter ? "cut" : "drop";
  }
}
