// How the store's commits went: how long a command waited for its commit (on SQLite, the time to
// write it), and how many commits shared one transaction. Logged when the store closes, and read by
// the bench (docs/bench.md).
const BUCKETS_MS = [0.025, 0.05, 0.1, 0.25, 0.5, 1, 2, 5, 10, 25, 50, 100, 250, 1000, Number.POSITIVE_INFINITY];

export class CommitStats {
  commits = 0;
  groups = 0;
  largestGroup = 0;
  private groupMsTotal = 0;
  private readonly waits = new Array<number>(BUCKETS_MS.length).fill(0);

  group(size: number, ms: number): void {
    this.groups++;
    this.groupMsTotal += ms;
    if (size > this.largestGroup) this.largestGroup = size;
  }

  acknowledged(waitedMs: number): void {
    this.commits++;
    let i = 0;
    while (waitedMs > BUCKETS_MS[i]!) i++;
    this.waits[i]!++;
  }

  /** The upper bound of the bucket holding this share of the waits (ms). */
  waitAt(share: number): number {
    let seen = 0;
    for (let i = 0; i < BUCKETS_MS.length; i++) {
      seen += this.waits[i]!;
      if (seen >= share * this.commits) return BUCKETS_MS[i]!;
    }
    return 0;
  }

  line(): string {
    const mean = this.groups ? this.commits / this.groups : 0;
    const groupMs = this.groups ? this.groupMsTotal / this.groups : 0;
    return `${this.commits} commits in ${this.groups} transactions (mean ${mean.toFixed(1)}, largest ${this.largestGroup}, ${groupMs.toFixed(2)} ms each); a commit waited at most ${this.waitAt(0.5)} ms for half of them, ${this.waitAt(0.99)} ms for 99%`;
  }
}
