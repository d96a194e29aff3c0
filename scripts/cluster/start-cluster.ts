// A whole cluster on this machine (docs/cluster.md): Redis, N nodes sharing it and one token secret,
// and HAProxy in front, each a child of this process with a folder of its own under one temporary
// folder. Used by `bun run cluster`, and by the tests and the bench, which also kill, pause and
// restart its nodes and Redis through the handles it returns.
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { loadManifest } from "../../src/pages/build";
import { toStderr, type Log } from "./child";
import { LocalHaproxy } from "./haproxy";
import { ClusterNode, SERVER_COMMAND } from "./node";
import { freePorts } from "./probes";
import { LocalRedis } from "./redis";

export interface ClusterOptions {
  /** how many nodes, named n1..nN (3) */
  nodes?: number;
  /** HAProxy's port (a free one when unset) */
  port?: number;
  /**
   * HAProxy listens on every interface, not loopback alone: the pages put the machine's network
   * address with HAProxy's port in their QR codes and links (src/addresses.ts), which phones on the
   * network must reach (`bun run cluster`). Tests and the bench stay on loopback.
   */
  everyInterface?: boolean;
  /** a node's command instead of `bun run src/server.ts`: a stub, or the server under a wrapper */
  nodeCommand?: (id: string) => string[];
  /** variables added to a node's environment, over the cluster's own (REDIS_URL, JWT_SECRET ...) */
  nodeEnv?: (id: string) => Record<string, string | undefined>;
  /** where the processes' lines go, each behind its name (this process's stderr) */
  log?: Log;
  /** how long each process may take to be ready (60 s) */
  startupMs?: number;
  /**
   * A lobby moves between nodes at most once in this long (each node's CLUSTER_MOVE_EVERY_MS), and HAProxy
   * keeps a node that comes back out as long (its checks' `rise`). Unset, the nodes' own default, 10 s;
   * the tests shorten it (tests/support/short-timings.ts).
   */
  moveEveryMs?: number;
}

/** What `bun run cluster` prints: where to go, and each process's pid. */
export interface ClusterSummary {
  url: string;
  redis: { port: number; pid: number };
  haproxy: { pid: number };
  nodes: { id: string; port: number; pid: number }[];
}

export interface Cluster {
  /** HAProxy's address: where clients go */
  url: string;
  /** the JWT_SECRET every node shares, for a test to sign its own tokens */
  secret: string;
  redis: LocalRedis;
  haproxy: LocalHaproxy;
  nodes: ClusterNode[];
  node(id: string): ClusterNode;
  summary(): ClusterSummary;
  /** Nodes first (SIGTERM, so they close their connections and save), then HAProxy, then Redis; then the folders go. */
  stop(): Promise<void>;
}

export async function startCluster(options: ClusterOptions = {}): Promise<Cluster> {
  const count = options.nodes ?? 3;
  if (!Number.isInteger(count) || count < 1) throw new Error(`a cluster needs at least one node, not ${count}`);
  const log = options.log ?? toStderr;
  const startupMs = options.startupMs ?? 60_000;
  // Every node serves public/build; built here once when it is missing or stale, three nodes do
  // not each delete and rebuild it under one another at start.
  await loadManifest();

  const dir = mkdtempSync(join(tmpdir(), "stealmate-cluster-"));
  const [redisPort, ...ports] = await freePorts(count + (options.port === undefined ? 2 : 1));
  const haproxyPort = options.port ?? ports.pop()!;
  mkdirSync(join(dir, "redis"));
  const redis = new LocalRedis(redisPort!, join(dir, "redis"), log);
  const secret = `cluster-${crypto.randomUUID()}`;
  const nodes = ports.map((port, i) => {
    const id = `n${i + 1}`;
    const env = {
      REDIS_URL: redis.url,
      JWT_SECRET: secret,
      // Every client reaches a node through HAProxy on loopback, which sets X-Forwarded-For.
      TRUSTED_PROXIES: "127.0.0.1",
      // A test runner's NODE_ENV=test would give the nodes React's slow development build; the
      // server picks production itself when it is unset.
      NODE_ENV: undefined,
      CLUSTER_MOVE_EVERY_MS: options.moveEveryMs === undefined ? undefined : String(options.moveEveryMs),
      ...options.nodeEnv?.(id),
    };
    return new ClusterNode(id, port, join(dir, id), options.nodeCommand?.(id) ?? SERVER_COMMAND, env, log);
  });
  const haproxy = new LocalHaproxy(haproxyPort, dir, nodes.map((n) => ({ id: n.id, host: "127.0.0.1", port: n.port })), log, options.everyInterface ? "0.0.0.0" : "127.0.0.1", options.moveEveryMs);

  const stop = async () => {
    await Promise.all(nodes.map((node) => node.stop()));
    await haproxy.stop();
    await redis.stop();
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    // In the order each needs the one before: the nodes keep their lobbies in Redis, and HAProxy's
    // address answers only through a node.
    await redis.start(startupMs);
    await Promise.all(nodes.map((node) => node.start(startupMs)));
    await haproxy.start(startupMs);
  } catch (err) {
    await stop();
    throw err;
  }

  return {
    url: haproxy.url,
    secret,
    redis,
    haproxy,
    nodes,
    node(id) {
      const node = nodes.find((n) => n.id === id);
      if (!node) throw new Error(`no node ${id} in this cluster`);
      return node;
    },
    summary: () => ({
      url: haproxy.url,
      redis: { port: redis.port, pid: redis.pid },
      haproxy: { pid: haproxy.pid },
      nodes: nodes.map((n) => ({ id: n.id, port: n.port, pid: n.pid })),
    }),
    stop,
  };
}
