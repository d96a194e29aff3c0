// A node of a cluster (docs/cluster.md): loaded only when REDIS_URL is set. It holds the lease,
// answers the service's claims (taking a lobby over, or asking its live owner for it), hands lobbies
// over when asked, fences itself when its lease runs out, and lets everything go on shutdown.
import { refuse, type Refusal } from "../game/commands";
import type { LobbyService } from "../lobbies/service";
import type { StoredLobby } from "../lobbies/store-port";
import { Lease, LEASE_TTL_MS } from "./lease";
import { Redis } from "./redis";
import { RedisStore } from "./redis-store";
import { keys } from "./scripts";
import { sharedBudgets } from "./shared-budgets";
import type { SharedBudgets } from "../access/rate-limit";

/** How long a claim waits for a live owner to let the lobby go (or for a dead one's lease to run out). */
const HAND_OVER_WAIT_MS = LEASE_TTL_MS + 500;
const CLAIM_POLL_MS = 100;
const MOVING = "This lobby is moving between servers; try again in a moment";
const STOPPING = "This server is shutting down; try again in a moment";

export interface ClusterNode {
  store: RedisStore;
  /** create and join budgets, counted across the nodes */
  budgets: SharedBudgets;
  /** The service it serves; from then on it claims and hands over that service's lobbies. */
  attach(service: LobbyService): void;
  /**
   * Whether a load balancer may send it anything: it is not stopping. Not whether it holds its lease:
   * when Redis is away every node loses its lease together, and marking them all down would keep the
   * cluster shut for HAProxy's rise (10 s) after Redis is back (docs/decisions.md "Many machines").
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
  let service: LobbyService | null = null;
  let draining = false;
  const lease = new Lease(leaseRedis, opts.nodeId, {
    log,
    lost() {
      store.forgetAll();
      if (service) for (const code of [...service.codes()]) service.drop(code);
    },
    wanted(codes) {
      for (const code of codes) {
        if (service && service.get(code) === undefined) {
          void store.disown(code);
          continue;
        }
        if (!service || !store.settled(code, opts.moveEveryMs)) continue;
        void service.release(code, () => store.release(code)).then((released) => released && log(`cluster: handed lobby ${code} over`));
      }
    },
  });
  const store = new RedisStore(redis, lease, opts.idleMs, log);
  await warnOfSettings(redis, log);
  await lease.start();
  log(`cluster: node ${lease.owner} joined`);

  /** Takes the lobby, asking its live owner for it and waiting a moment if need be. */
  async function claim(code: string): Promise<StoredLobby | null | Refusal> {
    if (draining) return refuse("unavailable", STOPPING);
    const giveUpAt = performance.now() + HAND_OVER_WAIT_MS;
    for (let asked = false; ; ) {
      const found = await store.claim(code);
      if ("taken" in found) return found.taken;
      if ("absent" in found) return null;
      if (performance.now() >= giveUpAt) return refuse("unavailable", MOVING);
      if (!asked) {
        const owner = found.heldBy.slice(0, found.heldBy.indexOf(":"));
        // Read and emptied by the owner's next renewal; left behind by a dead owner, it expires.
        await redis.call("SADD", [keys.wanted(owner), code]).then(() => redis.call("PEXPIRE", [keys.wanted(owner), String(HAND_OVER_WAIT_MS)])).catch(() => {});
        asked = true;
      }
      await Bun.sleep(CLAIM_POLL_MS);
    }
  }

  return {
    store,
    budgets: sharedBudgets(redis, log),
    attach(s) {
      service = s;
      s.claimWith(claim);
    },
    healthy: () => !draining,
    async drain() {
      draining = true;
      await Bun.sleep(opts.drainNoticeMs);
    },
    async leave() {
      draining = true;
      if (service) {
        const s = service;
        await Promise.all([...s.codes()].map((code) => s.release(code, () => store.release(code))));
      }
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
