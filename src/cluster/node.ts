// A node of a cluster (docs/cluster.md): loaded only when REDIS_URL is set. It connects to Redis, holds
// the lease, and gives the registry its two ports on Redis: the store, and the ownership that claims and
// hands over lobbies (redis-ownership.ts), fences the node when its lease runs out, and lets everything
// go on shutdown.
import { Lease } from "./lease";
import { HeldEpochs } from "./held-epochs";
import { Redis } from "./redis";
import { RedisOwnership } from "./redis-ownership";
import { RedisStore } from "./redis-store";
import { sharedBudgets } from "./shared-budgets";
import type { SharedBudgets } from "../access/rate-limit";

export interface ClusterNode {
  store: RedisStore;
  /** where each lobby lives: the registry takes it at construction */
  ownership: RedisOwnership;
  /** create and join budgets, counted across the nodes */
  budgets: SharedBudgets;
  /**
   * Whether a load balancer may send it anything: it is not stopping. Not whether it holds its lease:
   * when Redis is away every node loses its lease together, and marking them all down would keep the
   * cluster shut for HAProxy's 10 s of rise after Redis is back (docs/decisions.md "Many machines").
   */
  healthy(): boolean;
  /**
   * Stops taking lobbies, so the balancer stops sending them here (its health check fails), and
   * resolves once the balancer has had time to see it (`drainNoticeMs`).
   */
  drain(): Promise<void>;
  /** Hands every lobby over at once and gives up the lease; the service's sockets are closed after. */
  leave(): Promise<void>;
}

/**
 * `moveEveryMs` (CLUSTER_MOVE_EVERY_MS): a lobby moves at most once in this long, so a node asking for a
 * lobby that just came to its owner waits. HAProxy's `rise` keeps a node that comes back out as long
 * (scripts/cluster/haproxy-config.ts). `drainNoticeMs` (CLUSTER_DRAIN_NOTICE_MS): how long a node that
 * is stopping answers its health checks 503 before it hands its lobbies over.
 */
export async function joinCluster(opts: { redisUrl: string; nodeId: string; moveEveryMs: number; drainNoticeMs: number; idleMs: number; log: (line: string) => void }): Promise<ClusterNode> {
  const { log } = opts;
  const connect = async () => {
    const connection = new Redis(opts.redisUrl);
    await connection.connect().catch((err: unknown) => {
      // The address without its password (docs/cluster.md "Redis's password"): this line goes to the log.
      throw new Error(`cluster: cannot reach Redis at ${opts.redisUrl.replace(/\/\/([^:@/]*):[^@/]*@/, "//$1:***@")}: ${err instanceof Error ? err.message : String(err)}`);
    });
    return connection;
  };
  const redis = await connect();
  // The lease has a connection of its own: replies come back in order on a connection, so a
  // renewal sharing one with a burst of claims and commits (a node taking over hundreds of lobbies)
  // would wait behind all of theirs, and the node would fence itself for nothing.
  const leaseRedis = await connect();
  const epochs = new HeldEpochs();
  const lease = new Lease(leaseRedis, opts.nodeId, {
    log,
    lost: () => ownership.lost(),
    wanted: (codes) => ownership.wanted(codes),
  });
  const store = new RedisStore(redis, lease, epochs, opts.idleMs);
  const ownership = new RedisOwnership(redis, lease, epochs, store, log, opts.moveEveryMs);
  await warnOfSettings(redis, log);
  await lease.start();
  log(`cluster: node ${lease.owner} joined`);

  return {
    store,
    ownership,
    budgets: sharedBudgets(redis, log),
    healthy: () => ownership.taking,
    async drain() {
      ownership.drain();
      await Bun.sleep(opts.drainNoticeMs);
    },
    async leave() {
      await ownership.leave();
      await lease.stop();
      redis.close();
      leaseRedis.close();
    },
  };
}

/**
 * The Redis settings the promise "nothing acknowledged is lost" rests on (docs/cluster.md "Keys"): a
 * node says so at start when they are not there, rather than lose lobbies quietly later.
 */
async function warnOfSettings(redis: Redis, log: (line: string) => void): Promise<void> {
  const wanted: Record<string, string> = { appendonly: "yes", "maxmemory-policy": "noeviction" };
  for (const [name, value] of Object.entries(wanted)) {
    const reply = (await redis.call("CONFIG", ["GET", name]).catch(() => null)) as string[] | Record<string, string> | null;
    const actual = Array.isArray(reply) ? reply[1] : reply?.[name];
    if (actual !== undefined && actual !== value) log(`cluster: warning: Redis has ${name} ${actual}; set ${name} ${value}, or acknowledged changes can be lost`);
  }
}
