// Builds the whole server: config -> storage -> lobby service -> transports, on one Bun.serve.
// Tests start it on port 0 and talk to it like any client.
import { join } from "node:path";
import { Elysia, ValidationError } from "elysia";
import { loadBank } from "./ai/bank";
import { makeAi } from "./ai/providers";
import { networkInterfaces } from "node:os";
import { cachedLookup, shownOrigin, type InterfaceLookup } from "./addresses";
import { ApiError } from "./api/errors";
import { validationRefusal } from "./api/validation";
import { hostCheck } from "./api/hosts";
import { then, withScreens } from "./pages/load-screens";
import { badHost, requestUrl, routable } from "./api/request-url";
import { withSecurityHeaders } from "./pages/security-headers";
import { makeBudgets } from "./access/rate-limit";
import { clientAddress } from "./access/client-address";
import { networkOf } from "./access/networks";
import { nodeHeaders, nodeStamp } from "./node-header";
import { lobbyRoutes } from "./api/routes";
import { seating } from "./api/seating";
import { Tokens } from "./access/tokens";
import type { Config } from "./config";
import { realClock, type Clock } from "./lobbies/clock";
import { Heartbeat } from "./lobbies/downtime";
import type { AnswerJudge, QuestionSource } from "./lobbies/seams";
import { LobbyService, type ServiceOptions } from "./lobbies/service";
import { LobbyStore } from "./lobbies/store";
import { LocalOwnership } from "./lobbies/ownership";
import { Rooms } from "./realtime/rooms";
import { privateDatabase, privateDataDir } from "./data-dir";
import { createRealtime } from "./realtime/realtime";
import { loadManifest } from "./pages/build";
import { pageRoutes } from "./pages/routes";
import { tokenSecret } from "./secret";
import { STREAM_PATH, WS_PATH } from "./shared/wire";

/** What a load balancer asks before sending this server anything (docs/cluster.md "Routing"). */
const HEALTH_PATH = "/healthz";
const healthy = () => new Response("ok\n", { headers: { "content-type": "text/plain", "cache-control": "no-store" } });
const unhealthy = () => new Response("not serving\n", { status: 503, headers: { "content-type": "text/plain", "cache-control": "no-store" } });


/** How long close() waits for requests under way before cutting them off. */
const DRAIN_MS = 1000;

export interface AppOverrides {
  clock?: Clock;
  questions?: QuestionSource;
  judge?: AnswerJudge;
  log?: (line: string) => void;
  /** the realtime heartbeat, shortened by tests that watch a silent connection go */
  heartbeatMs?: number;
  /** the rules, replaced by tests that make one throw as a bug would */
  reduce?: ServiceOptions["reduce"];
  /** the machine's network interfaces, faked by tests of the addresses shown to phones */
  interfaces?: InterfaceLookup;
}

export interface RunningApp {
  url: string;
  port: number;
  service: LobbyService;
  tokens: Tokens;
  /** Stops taking connections, tells the sockets, waits briefly for requests under way, stops timers, closes the database. State is already on disk. */
  close(): Promise<void>;
}

/** One machine's ports: SQLite holds every lobby, and every lobby lives here. */
const oneMachine = (store: LobbyStore) => ({ store, ownership: new LocalOwnership(store) });

export async function startApp(config: Config, overrides: AppOverrides = {}): Promise<RunningApp> {
  const log = overrides.log ?? ((line: string) => console.log(line));
  // Behind trusted proxies, the address their X-Forwarded-For names (docs/decisions.md "Behind a proxy").
  const addressOf = clientAddress(config.TRUSTED_PROXIES);
  const stamp = nodeStamp(config.cluster?.nodeId);
  const finish = (response: Response) => stamp(withSecurityHeaders(response));
  privateDataDir(config.DATA_DIR, log);
  const database = join(config.DATA_DIR, "stealmate.sqlite");
  privateDatabase(database);
  // A node of a cluster keeps its lobbies in the shared Redis (docs/cluster.md); nothing of that loads otherwise.
  const cluster = config.cluster ? await (await import("./cluster/node")).joinCluster({ ...config.cluster, idleMs: config.LOBBY_IDLE_MS, log }) : null;
  // Timing the chat line's stages wraps the store and the rules; off (as shipped), nothing of it runs.
  const timing = config.LINE_TIMING ? (await import("./realtime/line-timing")).enableLineTiming((line) => console.error(line)) : null;
  const ports = cluster ?? oneMachine(new LobbyStore(database, log));
  const store = timing ? timing.store(ports.store) : ports.store;
  const { ownership } = ports;
  // The bank is read when a lobby first asks for questions or their categories, not at start (docs/decisions.md "What a quiet server holds").
  const ai = await makeAi(config, () => loadBank(config.DATA_DIR, log), log);
  const questions = overrides.questions ?? ai.questions;
  const ownQuota = { lobbyBytes: config.OWN_QUESTIONS_LOBBY_BYTES, totalBytes: config.OWN_QUESTIONS_TOTAL_BYTES };
  // On one machine a restart gives open rounds back the time it was down (src/lobbies/downtime.ts).
  const heartbeat = cluster ? null : new Heartbeat(join(config.DATA_DIR, "heartbeat"), overrides.clock ?? realClock, log);
  const downtimeMs = heartbeat?.downtime() ?? 0;
  if (downtimeMs > 0) log(`restart: down for ${downtimeMs} ms; open rounds get it back`);
  // The realtime rooms hear every lobby's events: made first, so the registry is given them whole.
  const rooms = new Rooms();
  const service = await LobbyService.open({ store, ownership, broadcaster: rooms, questions, judge: overrides.judge ?? ai.judge, clock: overrides.clock, idleMs: config.LOBBY_IDLE_MS, hostGraceMs: config.HOST_GRACE_S * 1000, roundLimitMin: config.ROUND_LIMIT_MIN_S, log, maxLobbies: config.MAX_LOBBIES, ownQuota, reduce: overrides.reduce ?? timing?.reduce, downtimeMs });
  heartbeat?.start();
  const tokens = new Tokens(tokenSecret(config.DATA_DIR, config.JWT_SECRET), config.TOKEN_TTL_S);
  const clientIps = new WeakMap<Request, string>();
  // The budgets of each address: creating, joining, looking codes up (docs/decisions.md "Keeping strangers out").
  const budgets = makeBudgets(config, cluster?.budgets);
  const interfaces = cachedLookup(overrides.interfaces ?? networkInterfaces);
  const clientIp = (request: Request) => clientIps.get(request) ?? "unknown";
  const clientNetwork = (request: Request) => networkOf(clientIp(request), config.IPV4_NETWORK_PREFIX);

  const app = new Elysia()
    .onError(({ error, code, set }) => {
      // A request that fails its route's schemas is refused like any other; an answer that fails its
      // own is the server's fault, logged below as a 500.
      const refusal = error instanceof ValidationError && error.type !== "response" ? validationRefusal(error) : error;
      if (refusal instanceof ApiError) {
        set.status = refusal.status;
        return { success: false, message: refusal.message, ...refusal.details };
      }
      if (code === "NOT_FOUND") {
        set.status = 404;
        return { success: false, message: "Not found" };
      }
      log(`error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
      set.status = 500;
      return { success: false, message: "Internal error" };
    })
    .use(
      pageRoutes({
        service,
        manifest: await loadManifest(),
        now: () => (overrides.clock ?? Date).now(),
        lookupAllowed: (request) => budgets.lookups.allow(clientIp(request)),
        shownOrigin: (request) => shownOrigin(new URL(request.url), config.publicUrl, interfaces),
        joinForm: { seat: seating(service, tokens), joinAllowed: (request) => budgets.joins.allow(clientIp(request)), allowedOrigins: config.ALLOWED_ORIGINS },
      }),
    )
    .use(
      lobbyRoutes({
        service,
        catalog: ai.catalog,
        tokens,
        budgets,
        allowedOrigins: config.ALLOWED_ORIGINS,
        clientIp,
        clientNetwork,
      }),
    );

  const limits = {
    lookups: budgets.lookups,
    connectionsPerAddress: config.MAX_CONNECTIONS_PER_ADDRESS,
    eventsPerAddressPerSecond: config.EVENTS_PER_ADDRESS_PER_S,
    snapshotsPerMinute: config.SNAPSHOTS_PER_MIN,
    queuedBytesPerConnection: config.QUEUED_BYTES_PER_CONNECTION,
  };
  const realtime = createRealtime({ service, rooms, tokens, allowedOrigins: config.ALLOWED_ORIGINS, log, heartbeatMs: overrides.heartbeatMs, limits, clientAddress: addressOf, answerHeaders: nodeHeaders(config.cluster?.nodeId) });

  const ownName = hostCheck(config.publicUrl, config.ALLOWED_HOSTS);
  const server = Bun.serve({
    port: config.PORT,
    hostname: config.HOST,
    // Past this Bun answers a bare 413 itself; below it, the API's body reader (api/json-body.ts)
    // answers 413 in the API's shape.
    maxRequestBodySize: 1024 * 1024,
    websocket: realtime.websocket,
    idleTimeout: 30,
    // HTTPS and WSS on the same port when TLS_CERT and TLS_KEY are set (plain HTTP is the default).
    tls: config.tls,
    // Never Bun's development page, whatever NODE_ENV says: it shows source lines and paths (docs/decisions.md "The Host header: malformed, or short").
    development: false,
    error(err) {
      log(`error: ${err instanceof Error ? err.message : String(err)}`);
      return new Response("Internal error\n", { status: 500, headers: { "content-type": "text/plain; charset=utf-8" } });
    },
    fetch(request, srv) {
      const url = requestUrl(request);
      if (!url) return finish(badHost());
      // Only the server's own names are served, realtime included (api/hosts.ts).
      const refused = ownName(request);
      if (refused !== null) return then(withScreens(({ refusedHost }) => refusedHost(refused, request.headers.get("accept-encoding") ?? "")), finish);
      const path = url.pathname;
      if (path === HEALTH_PATH) return stamp(cluster && !cluster.healthy() ? unhealthy() : healthy());
      if (path === WS_PATH) {
        const refusal = realtime.upgrade(request, srv);
        return refusal && finish(refusal);
      }
      // The event stream sets its own headers, the node's too: touching a long-lived response's headers here would keep a Headers object per open stream.
      if (path === STREAM_PATH || path.startsWith(`${STREAM_PATH}/`)) return realtime.stream(request, srv);
      const routed = routable(request, url);
      clientIps.set(routed, addressOf(request, srv));
      return app.handle(routed).then(finish);
    },
  });

  realtime.attach(server);
  const port = server.port!;
  return {
    url: `${config.tls ? "https" : "http"}://${config.HOST === "0.0.0.0" ? "127.0.0.1" : config.HOST}:${port}`,
    port,
    service,
    tokens,
    async close() {
      // A cluster node first lets the balancer see it going, then hands its lobbies over: their players
      // reconnect straight to the node that takes them (docs/cluster.md "Stopping a node").
      if (cluster) {
        await cluster.drain();
        await cluster.leave();
      }
      // Realtime connections first: new ones are refused, and every one is told, then closed, so pages
      // reconnect by themselves once the server is back.
      await realtime.close();
      // The listener and idle keep-alive connections close; a request being handled may be
      // committing a command, so it gets a moment to answer.
      const drained = server.stop(false);
      await Promise.race([drained, new Promise((resolve) => setTimeout(resolve, DRAIN_MS).unref())]);
      await server.stop(true);
      // No request or socket is left to dispatch: timers stop and the database closes, folding its
      // WAL back in. (A judge call still out is not waited for: the round was saved as judging and
      // is judged again on the next start.)
      service.shutdown();
      await store.close();
      heartbeat?.stop();
    },
  };
}
