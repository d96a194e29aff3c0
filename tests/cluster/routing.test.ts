// deploy/haproxy.cfg as HAProxy 2.6 runs it, in front of stub nodes (stub-node.ts) that name
// themselves in every answer: each way a request names a lobby (docs/cluster.md "Routing") reaches
// that lobby's one node, codes spread over every node, and a node that dies or hangs gives up only
// its own lobbies, and gets them back when it returns.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { Tokens } from "../../src/access/tokens";
import { lobbyRoutes } from "../../src/api/routes";
import { randomCode } from "../../src/lobbies/codes";
import { within } from "../../scripts/lib/waiting";
import { startCluster, type Cluster } from "../../scripts/cluster/start-cluster";
import { SHORT_MOVE_EVERY_MS } from "../support/short-timings";

const STUB = [process.execPath, "tests/cluster/stub-node.ts"];
/** Generous for a busy 2-core machine: HAProxy marks a node down within about 1 s (2 checks 500 ms apart). */
const MOVE_WITHIN_MS = 5_000;

let cluster: Cluster;
const output: string[] = [];

beforeAll(async () => {
  cluster = await startCluster({ nodes: 3, nodeCommand: () => STUB, nodeEnv: (id) => ({ STUB_EXTRA: `extra for ${id}` }), log: (line) => output.push(line), moveEveryMs: SHORT_MOVE_EVERY_MS });
});
afterAll(() => cluster?.stop());

/** The node that answered (null when HAProxy answered itself, as with a 503). */
async function nodeOf(path: string, init: RequestInit = {}): Promise<string | null> {
  const res = await fetch(`${cluster.url}${path}`, init);
  await res.arrayBuffer();
  return res.headers.get("x-stealmate-node");
}

/** The node a WebSocket reached: the stub says its name once upgraded. */
function socketNodeOf(path: string): Promise<string> {
  const ws = new WebSocket(`${cluster.url.replace("http", "ws")}${path}`);
  const named = new Promise<string>((resolve, reject) => {
    ws.onmessage = (e) => resolve(String(e.data));
    ws.onclose = (e) => reject(new Error(`${path} closed with ${e.code}`));
  });
  return within(named, `a WebSocket on ${path}`, 5_000).finally(() => ws.close());
}

/** The node an event stream reached; the stream is closed once its headers are read. */
async function streamNodeOf(path: string, init: RequestInit = {}): Promise<string | null> {
  const res = await fetch(`${cluster.url}${path}`, init);
  await res.body?.cancel();
  return res.headers.get("x-stealmate-node");
}

function distinctCodes(count: number): string[] {
  const codes = new Set<string>();
  while (codes.size < count) codes.add(randomCode());
  return [...codes];
}

/** Where each code's look-up goes now. */
async function placement(codes: string[]): Promise<Map<string, string | null>> {
  return new Map(await Promise.all(codes.map(async (code) => [code, await nodeOf(`/api/lobby/${code}`)] as const)));
}

/** Polls `placement` until `done` holds for it; rejects after MOVE_WITHIN_MS. Resolves with it and the time taken. */
async function placementWhen(codes: string[], done: (placed: Map<string, string | null>) => boolean, withinMs = MOVE_WITHIN_MS): Promise<{ placed: Map<string, string | null>; ms: number }> {
  const started = performance.now();
  for (;;) {
    const placed = await placement(codes);
    if (done(placed)) return { placed, ms: performance.now() - started };
    if (performance.now() - started > withinMs) throw new Error(`placement not reached within ${withinMs} ms: ${JSON.stringify([...placed])}\n${output.slice(-20).join("\n")}`);
    await Bun.sleep(50);
  }
}

const sameAs = (expected: Map<string, string | null>) => (placed: Map<string, string | null>) => [...expected].every(([code, node]) => placed.get(code) === node);

describe("HAProxy in front of the nodes", () => {
  test("every way of naming a lobby reaches its one node, whatever the case; codes spread over all three nodes", async () => {
    const tokens = new Tokens(cluster.secret, 3600);
    const mismatches: string[] = [];
    const used = new Set<string>();
    for (const code of distinctCodes(100)) {
      const lower = code.toLowerCase();
      const token = await tokens.sign({ lobby: code, sub: "p1", name: "Ann", isHost: false });
      const expected = await nodeOf(`/api/lobby/${code}`);
      if (expected) used.add(expected);
      const ways: [string, Promise<string | null>][] = [
        ["GET /api/lobby/lower", nodeOf(`/api/lobby/${lower}`)],
        ["GET /api/lobby/CODE/results/csv", nodeOf(`/api/lobby/${code}/results/csv`)],
        ["GET /lobby/CODE", nodeOf(`/lobby/${code}`)],
        ["GET /lobby/lower", nodeOf(`/lobby/${lower}`)],
        ["GET /game/lower", nodeOf(`/game/${lower}`)],
        ["GET /tv/CODE", nodeOf(`/tv/${code}`)],
        ["POST /api/lobby/join?lobby=lower", nodeOf(`/api/lobby/join?lobby=${lower}`, { method: "POST", body: "{}" })],
        ["WebSocket /ws?lobby=CODE", socketNodeOf(`/ws?lobby=${code}`)],
        ["GET /ws/stream?lobby=CODE", streamNodeOf(`/ws/stream?lobby=${code}`)],
        ["POST /ws/stream/<session>?lobby=lower", nodeOf(`/ws/stream/abc123?lobby=${lower}`, { method: "POST", body: "[]" })],
        ["POST /api/lobby/lock with its token", nodeOf("/api/lobby/lock", { method: "POST", headers: { authorization: `Bearer ${token}` } })],
        ["GET /ws/stream with its token", streamNodeOf("/ws/stream", { headers: { authorization: `Bearer ${token}` } })],
      ];
      for (const [way, reached] of ways) {
        const node = await reached;
        if (node !== expected) mismatches.push(`${code}: ${way} reached ${node}, /api/lobby/${code} ${expected}`);
      }
    }
    expect(mismatches).toEqual([]);
    expect([...used].sort()).toEqual(["n1", "n2", "n3"]);
  });

  test("the path's code comes first, then the lobby parameter, then the token's claim", async () => {
    const [a, b, c] = await oneCodePerNode();
    const token = await new Tokens(cluster.secret, 3600).sign({ lobby: c.code, sub: "p1", name: "Ann", isHost: false });
    const bearer = { authorization: `Bearer ${token}` };
    expect(await nodeOf(`/api/lobby/${a.code}?lobby=${b.code}`, { headers: bearer })).toBe(a.node);
    expect(await streamNodeOf(`/ws/stream?lobby=${b.code}`, { headers: bearer })).toBe(b.node);
    expect(await streamNodeOf("/ws/stream", { headers: bearer })).toBe(c.node);
  });

  test("no call of the REST API is taken for a code: with a lobby parameter, each reaches that lobby's node", async () => {
    const routes = lobbyRoutes({ service: {} as never, catalog: {} as never, tokens: {} as never, budgets: {} as never, allowedOrigins: [], clientIp: () => "", clientNetwork: () => "" }).routes;
    const calls = routes.filter((r) => !r.path.startsWith("/api/lobby/:code"));
    // Every four-letter call among them, which a code's pattern alone would take for a code.
    expect(calls.map((r) => r.path.split("/")[3]).filter((name) => name?.length === 4)).toEqual(["join", "lock"]);
    // One code on each node: a call taken for a code would reach the same node whatever the parameter.
    const wrong: string[] = [];
    for (const { code, node } of await oneCodePerNode()) {
      for (const { method, path } of calls) {
        const reached = await nodeOf(`${path.replace(":id", "1")}?lobby=${code}`, { method, body: method === "GET" ? undefined : "{}" });
        if (reached !== node) wrong.push(`${method} ${path}?lobby=${code} reached ${reached}, not ${node}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  test("a request naming no lobby goes to any node, in turn", async () => {
    const reached = await Promise.all(["/", "/", "/", "/logo.svg", "/build/x.js", "/api/lobby/create"].map((path) => nodeOf(path)));
    expect(new Set(reached)).toEqual(new Set(["n1", "n2", "n3"]));
  });

  test("each node is started with the cluster's Redis, its one secret, HAProxy as trusted proxy, a folder of its own and the caller's variables", async () => {
    const envs = await Promise.all(cluster.nodes.map(async (node) => ((await (await fetch(`${node.url}/stub/echo`)).json()) as { env: Record<string, string | null> }).env));
    expect(envs).toEqual(
      cluster.nodes.map((node) => ({ REDIS_URL: cluster.redis.url, JWT_SECRET: cluster.secret, TRUSTED_PROXIES: "127.0.0.1", DATA_DIR: node.dataDir, NODE_ENV: null, STUB_EXTRA: `extra for ${node.id}` })),
    );
    expect(cluster.secret.length).toBeGreaterThanOrEqual(16);
  });

  test("a node is told the client's address in X-Forwarded-For, never one the client made up", async () => {
    const res = await fetch(`${cluster.url}/stub/echo`, { headers: { "x-forwarded-for": "203.0.113.9" } });
    expect(((await res.json()) as { forwardedFor: string | null }).forwardedFor).toBe("127.0.0.1");
  });

  test("kill -9 of a node: only its codes move, within seconds, and they come back once it has been up for the move interval", async () => {
    const codes = distinctCodes(100);
    const before = await placement(codes);
    const victim = cluster.node("n2");
    await victim.kill9();
    const { placed: after, ms } = await placementWhen(codes, (placed) => [...placed.values()].every((node) => node === "n1" || node === "n3"));
    console.log(`kill -9: n2's codes answered by other nodes after ${Math.round(ms)} ms`);
    // Two failed checks 500 ms apart, and this loop's own round of look-ups.
    expect(ms).toBeLessThan(2_500);
    for (const [code, node] of before) {
      if (node === "n2") expect(["n1", "n3"]).toContain(after.get(code)!);
      else expect(`${code} ${after.get(code)}`).toBe(`${code} ${node}`);
    }

    await victim.restart(10_000);
    // Good checks 500 ms apart for as long as a lobby may not move again (10 s in production, SHORT_MOVE_EVERY_MS
    // here), so the node is not sent lobbies it could not have yet.
    const { ms: back } = await placementWhen(codes, sameAs(before), SHORT_MOVE_EVERY_MS + 5_000);
    expect(back).toBeGreaterThan(SHORT_MOVE_EVERY_MS - 1_000);
  });

  test("a paused node: its open streams are cut once it is marked down, so their pages reconnect elsewhere", async () => {
    const [, , mine] = await oneCodePerNode();
    const res = await fetch(`${cluster.url}/ws/stream?lobby=${mine.code}`);
    expect(res.headers.get("x-stealmate-node")).toBe(mine.node);
    const reader = res.body!.getReader();
    expect(new TextDecoder().decode((await reader.read()).value)).toBe(`data: ${mine.node}\n\n`);

    const node = cluster.node(mine.node);
    node.pause();
    try {
      // HAProxy's client timeout is 30 s: only `on-marked-down shutdown-sessions` ends it this soon.
      const ended = await within(
        reader.read().then(
          (chunk) => (chunk.done ? "ended" : "more data"),
          () => "cut",
        ),
        "the paused node's stream to end",
        MOVE_WITHIN_MS,
      );
      expect(["ended", "cut"]).toContain(ended);
      const elsewhere = await nodeOf(`/api/lobby/${mine.code}`);
      expect(elsewhere).not.toBe(mine.node);
      expect(elsewhere).not.toBeNull();
    } finally {
      node.resume();
    }
    await placementWhen([mine.code], (placed) => placed.get(mine.code) === mine.node, 15_000);
  });
});

type Placed = { code: string; node: string };

/** A code on each node: n1's, n2's, n3's. */
async function oneCodePerNode(): Promise<[Placed, Placed, Placed]> {
  const found = new Map<string, string>();
  while (found.size < 3) {
    const code = randomCode();
    const node = await nodeOf(`/api/lobby/${code}`);
    if (node && !found.has(node)) found.set(node, code);
  }
  const on = (node: string): Placed => ({ code: found.get(node)!, node });
  return [on("n1"), on("n2"), on("n3")];
}
