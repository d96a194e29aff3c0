// Fixed one-minute windows per address for create/join: enough for a party behind one home
// router, too few to flood lobbies.
export class RateLimiter {
  private readonly windows = new Map<string, { start: number; count: number }>();

  constructor(
    private readonly perMinute: number,
    private readonly now: () => number = Date.now,
  ) {}

  allow(key: string): boolean {
    const now = this.now();
    const window = this.windows.get(key);
    if (!window || now - window.start >= 60_000) {
      if (this.windows.size > 10_000) this.sweep(now);
      this.windows.set(key, { start: now, count: 1 });
      return true;
    }
    window.count++;
    return window.count <= this.perMinute;
  }

  private sweep(now: number): void {
    for (const [key, w] of this.windows) if (now - w.start >= 60_000) this.windows.delete(key);
  }
}
