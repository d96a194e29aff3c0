// Environment -> typed, validated config. A bad value stops the server at start with a clear line.
import { readFileSync } from "node:fs";
import { isIP } from "node:net";
import { z } from "zod";
import { ROUND_LIMIT_MIN } from "./game/settings";

const port = z.coerce.number().int().min(0).max(65535);
const ms = z.coerce.number().int().positive();
const count = z.coerce.number().int().positive();
const list = z
  .string()
  .default("")
  .transform((s) => s.split(",").map((o) => o.trim()).filter(Boolean));

/** An origin with nothing after it: the app is served at the root, so a path could only mislead. */
const publicUrl = z.string().transform((raw, ctx) => {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    ctx.addIssue({ code: "custom", message: `must be an address such as http://stealmate.local:3000, not "${raw}"` });
    return z.NEVER;
  }
  const bare = (url.pathname === "/" || url.pathname === "") && !url.search && !url.hash && !url.username && !url.password;
  if (!["http:", "https:"].includes(url.protocol) || !bare) {
    ctx.addIssue({ code: "custom", message: `must be http:// or https://, a host and an optional port, nothing after it, not "${raw}"` });
    return z.NEVER;
  }
  return url;
});

/** A PEM file's text, read at start-up so that a wrong path stops the server with the variable's name. */
const pemFile = () =>
  z.string().transform((path, ctx) => {
    try {
      return readFileSync(path, "utf8");
    } catch (err) {
      ctx.addIssue({ code: "custom", message: `cannot read the file ${path} (${(err as NodeJS.ErrnoException).code ?? String(err)})` });
      return z.NEVER;
    }
  });

/** A lobby moves between a cluster's nodes at most once in this long, unless CLUSTER_MOVE_EVERY_MS says otherwise. */
export const DEFAULT_MOVE_EVERY_MS = 10_000;

const schema = z.object({
  PORT: port.default(3000),
  HOST: z.string().min(1).default("0.0.0.0"),
  DATA_DIR: z.string().min(1).default("./data"),
  JWT_SECRET: z.string().min(16, "JWT_SECRET must be at least 16 characters").optional(),
  /** comma-separated origins allowed besides the server's own */
  ALLOWED_ORIGINS: z
    .string()
    .default("")
    .transform((s) => s.split(",").map((o) => o.trim()).filter(Boolean)),
  ANTHROPIC_API_KEY: z.string().min(1).optional(),
  ANTHROPIC_BASE_URL: z.string().url().optional(),
  AI_MODEL: z.string().min(1).default("claude-sonnet-4-6"),
  AI_TIMEOUT_MS: ms.default(8000),
  LOBBY_IDLE_MS: ms.default(2 * 60 * 60 * 1000),
  /** create/join calls one address may make per minute */
  JOIN_RATE_PER_MIN: z.coerce.number().int().positive().default(60),
  TOKEN_TTL_S: z.coerce.number().int().positive().default(24 * 60 * 60),
  /** seconds a disconnected host keeps the role while another player is connected */
  HOST_GRACE_S: z.coerce.number().positive().default(30),
  /** the shortest round a host may set, in seconds; lowered only by tests that must see a real round deadline pass (docs/decisions.md "The tests' own budget") */
  ROUND_LIMIT_MIN_S: z.coerce.number().int().min(1).max(ROUND_LIMIT_MIN).default(ROUND_LIMIT_MIN),
  /** the address phones open, shown in every QR code, link and start-up line (docs/decisions.md "A party on a home network") */
  PUBLIC_URL: publicUrl.optional(),
  /** PEM files: both set, the one port speaks HTTPS and WSS */
  TLS_CERT: pemFile().optional(),
  TLS_KEY: pemFile().optional(),
  // Budgets against strangers (docs/decisions.md "Keeping strangers out"): generous enough for a
  // party behind one home router (one address, a dozen phones, a TV, a laptop).
  /** host names served besides any IP address, localhost, this machine's name (and NAME.local) and PUBLIC_URL's */
  ALLOWED_HOSTS: list,
  /** lobby look-ups (REST, pages, the TV's watch, snapshots) one address may make per minute */
  LOOKUP_RATE_PER_MIN: count.default(300),
  /** realtime connections one address may hold open at once */
  MAX_CONNECTIONS_PER_ADDRESS: count.default(64),
  /** realtime frames one address may send per second (bursts of twice that); one player's are 20 */
  EVENTS_PER_ADDRESS_PER_S: count.default(100),
  /** snapshots (lobby-updated asked for) one connection may ask for per minute, bursts of 3 */
  SNAPSHOTS_PER_MIN: count.default(12),
  /** bytes a realtime connection may leave unread before it is closed (docs/contract.md "Backpressure and liveness") */
  QUEUED_BYTES_PER_CONNECTION: count.default(256 * 1024),
  /** REST calls one seated player (the host's commands above all) may make per minute */
  HOST_COMMANDS_PER_MIN: count.default(60),
  /** lobbies one address may create per hour */
  LOBBIES_PER_HOUR: count.default(30),
  /** lobbies open at once on this server */
  MAX_LOBBIES: count.default(1000),
  /** bytes of own questions one lobby may keep */
  OWN_QUESTIONS_LOBBY_BYTES: count.default(512 * 1024),
  /** bytes of own questions all lobbies together may keep */
  OWN_QUESTIONS_TOTAL_BYTES: count.default(64 * 1024 * 1024),
  /** bytes of own questions one network may add per hour: no one network fills the server's room */
  OWN_QUESTIONS_NETWORK_BYTES_PER_HOUR: count.default(4 * 1024 * 1024),
  /** IPv4 addresses sharing this many leading bits count as one network for lobbies and own questions (32: each address; IPv6 is counted by /64) */
  IPV4_NETWORK_PREFIX: z.coerce.number().int().min(0).max(32).default(32),
  /** 1: time each chat line's stages and the event loop, for the bench (docs/bench.md "Where the tail comes from"); off, none of it runs */
  LINE_TIMING: z
    .enum(["0", "1"])
    .default("0")
    .transform((v) => v === "1"),
  // Cluster mode (docs/cluster.md): several nodes behind HAProxy sharing one Redis. Unset, nothing of it loads.
  /** redis://:PASSWORD@HOST:PORT of the shared store (docs/cluster.md "Redis's password"); set, this server is one node of a cluster */
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\/[^\s]+$/, "must be an address such as redis://:PASSWORD@127.0.0.1:6379")
    .optional(),
  /** this node's name in the cluster, unique among its nodes */
  NODE_ID: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,32}$/, "must be 1-32 letters, digits, - or _")
    .optional(),
  /** a lobby moves between nodes at most once in this long; HAProxy's `rise` must keep a returning node out as long (docs/cluster.md "Owning a lobby") */
  CLUSTER_MOVE_EVERY_MS: ms.min(1000).default(DEFAULT_MOVE_EVERY_MS),
  /** how long a cluster node that is stopping answers its health checks 503 before it hands its lobbies over: two of HAProxy's checks (deploy/haproxy.cfg); 0 for a node no balancer watches */
  CLUSTER_DRAIN_NOTICE_MS: z.coerce.number().int().min(0).default(1100),
  /** comma-separated addresses of proxies whose X-Forwarded-For is believed (HAProxy's): a name or a range would silently trust nothing */
  TRUSTED_PROXIES: list.refine((entries) => entries.every((entry) => isIP(entry) !== 0), "must be IP addresses, comma-separated (names and ranges are not taken)"),
});

const withDerived = schema
  .superRefine((c, ctx) => {
    if ((c.TLS_CERT === undefined) !== (c.TLS_KEY === undefined)) {
      const [missing, set] = c.TLS_CERT === undefined ? ["TLS_CERT", "TLS_KEY"] : ["TLS_KEY", "TLS_CERT"];
      ctx.addIssue({ code: "custom", path: [missing], message: `must be set too when ${set} is (a PEM file)` });
    }
    // Every node must sign and check the same tokens, and tell its lobbies apart from the others'.
    if (c.REDIS_URL !== undefined) {
      if (c.NODE_ID === undefined) ctx.addIssue({ code: "custom", path: ["NODE_ID"], message: "must be set when REDIS_URL is (this node's name in the cluster)" });
      if (c.JWT_SECRET === undefined) ctx.addIssue({ code: "custom", path: ["JWT_SECRET"], message: "must be set when REDIS_URL is (the same on every node)" });
    }
  })
  .transform(({ PUBLIC_URL, TLS_CERT, TLS_KEY, REDIS_URL, NODE_ID, CLUSTER_MOVE_EVERY_MS, CLUSTER_DRAIN_NOTICE_MS, ...rest }) => ({
    ...rest,
    publicUrl: PUBLIC_URL,
    tls: TLS_CERT !== undefined && TLS_KEY !== undefined ? { cert: TLS_CERT, key: TLS_KEY } : undefined,
    cluster: REDIS_URL !== undefined && NODE_ID !== undefined ? { redisUrl: REDIS_URL, nodeId: NODE_ID, moveEveryMs: CLUSTER_MOVE_EVERY_MS, drainNoticeMs: CLUSTER_DRAIN_NOTICE_MS } : undefined,
  }));

export type Config = z.infer<typeof withDerived>;

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  // An empty variable means unset, as shells and .env files often leave them.
  const present = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ""));
  const parsed = withDerived.safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ");
    throw new Error(`invalid configuration: ${lines}`);
  }
  return parsed.data;
}
