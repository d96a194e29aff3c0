// The node's lease (docs/cluster.md "Owning a lobby"): sm:node:<id> holds this incarnation for
// LEASE_TTL_MS, renewed every RENEW_EVERY_MS. The lease counts from when a renewal was sent, not
// answered, so this node believes itself alive no longer than Redis does. Once a renewal is late
// past that, another node may have claimed its lobbies: it fences itself (drops them all) and goes
// on as a new incarnation, whose claims start afresh.
import { keys, LEAVE, RENEW } from "./scripts";
import type { Redis } from "./redis";

export const LEASE_TTL_MS = 1500;
export const RENEW_EVERY_MS = 500;
/** Held back from the TTL: a commit sent just before the lease ends must reach Redis before it does. */
const MARGIN_MS = 250;

export interface LeaseEvents {
  /** The lease ran out: every lobby held under it may be another node's now. */
  lost(): void;
  /** Codes other nodes asked for (docs/cluster.md "Owning a lobby"). */
  wanted(codes: string[]): void;
  log(line: string): void;
}

const newIncarnation = () => crypto.randomUUID().slice(0, 8);

export class Lease {
  private incarnation = newIncarnation();
  /** when (performance.now()) the last confirmed renewal was sent */
  private confirmedAt = Number.NEGATIVE_INFINITY;
  private renewing = false;
  private timer: ReturnType<typeof setInterval> | null = null;

  constructor(
    private readonly redis: Redis,
    readonly nodeId: string,
    private readonly events: LeaseEvents,
    private readonly now: () => number = () => performance.now(),
  ) {}

  /** This incarnation's name as a lobby's owner. */
  get owner(): string {
    return `${this.nodeId}:${this.incarnation}`;
  }

  /** Whether this node may still commit as the owner of its lobbies. */
  get valid(): boolean {
    return this.now() - this.confirmedAt < LEASE_TTL_MS - MARGIN_MS;
  }

  /** Takes the lease and keeps it; resolves once the first renewal is confirmed. */
  async start(): Promise<void> {
    this.timer = setInterval(() => void this.renew(), RENEW_EVERY_MS);
    await this.renew();
    if (!this.valid) throw new Error("cluster: could not take this node's lease in Redis");
  }

  private async renew(): Promise<void> {
    // A node that was paused (or starved) finds its lease already gone when it wakes.
    if (this.confirmedAt !== Number.NEGATIVE_INFINITY && !this.valid) this.lose();
    if (this.renewing) return;
    this.renewing = true;
    const sentAt = this.now();
    const incarnation = this.incarnation;
    try {
      const wanted = (await this.redis.run(RENEW, [keys.node(this.nodeId), keys.wanted(this.nodeId)], [incarnation, String(LEASE_TTL_MS)])) as string[];
      // Answered too late, or for an incarnation already given up: it proves nothing.
      if (incarnation !== this.incarnation || this.now() - sentAt >= LEASE_TTL_MS - MARGIN_MS) return;
      this.confirmedAt = sentAt;
      if (wanted.length > 0) this.events.wanted(wanted);
    } catch (err) {
      this.events.log(`cluster: lease renewal failed: ${err instanceof Error ? err.message : String(err)}`);
    } finally {
      this.renewing = false;
    }
  }

  private lose(): void {
    this.events.log(`cluster: lease of ${this.owner} ran out; dropping its lobbies`);
    this.incarnation = newIncarnation();
    this.confirmedAt = Number.NEGATIVE_INFINITY;
    this.events.lost();
  }

  /** Gives the lease up at once, so other nodes may claim this node's lobbies without waiting for it to run out. */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.redis.run(LEAVE, [keys.node(this.nodeId)], [this.incarnation]).catch(() => {});
  }
}
