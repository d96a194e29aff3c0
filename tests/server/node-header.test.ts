// X-Stealmate-Node (src/node-header.ts, docs/cluster.md): in a cluster every answer names the node
// that gave it, pages, API, files, refusals, the load balancer's check and the realtime paths alike;
// outside a cluster no answer carries it.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { startRedis, type TestRedis } from "../support/redis-server";
import { NODE_HEADER, nodeHeaders, nodeStamp } from "../../src/node-header";
import { STREAM_PATH } from "../../src/shared/wire";
import { startTestApp, type TestApp } from "../support/app";
import { rawUpgrade } from "../support/raw-wire";
import { UNBALANCED_NODE_ENV } from "../support/short-timings";

describe("stamping an answer", () => {
  test("in a cluster, sets the node's name on any answer", async () => {
    const stamp = nodeStamp("node-7");
    const answers = [new Response("ok"), Response.json({ success: true }), new Response(Bun.file(import.meta.path)), Response.redirect("http://stealmate.test/", 302), new Response(null, { status: 204, headers: { "x-other": "kept" } })];
    for (const answer of answers) {
      const stamped = stamp(answer);
      expect(stamped).toBe(answer);
      expect(stamped.headers.get(NODE_HEADER)).toBe("node-7");
    }
    expect(answers.at(-1)!.headers.get("x-other")).toBe("kept");
    expect(nodeHeaders("node-7")).toEqual({ "x-stealmate-node": "node-7" });
  });

  test("outside a cluster, leaves it as it was", () => {
    const answer = new Response("ok");
    expect(nodeStamp(undefined)(answer)).toBe(answer);
    expect(answer.headers.has(NODE_HEADER)).toBe(false);
    expect(nodeHeaders(undefined)).toBeUndefined();
  });
});

/** The status each kind of answer is given with. */
const STATUSES = { rest: 200, page: 200, file: 200, missing: 404, refusedHost: 403, health: 200, stream: 200, streamPost: 404, refusedStream: 403, refusedUpgrade: 403, upgraded: 101 };

/** Every kind of answer the server gives: its status and its X-Stealmate-Node header (null when none). */
async function nodeOfEveryAnswer(url: string): Promise<Record<string, { status: number; node: string | null }>> {
  const get = (path: string, init: RequestInit = {}) => fetch(url + path, init);
  const node = async (res: Response | Promise<Response>) => {
    const answer = await res;
    await answer.body?.cancel();
    return { status: answer.status, node: answer.headers.get(NODE_HEADER) };
  };
  const upgrade = async (headers: Record<string, string>) => {
    const { status, head } = await rawUpgrade(url, headers);
    return { status, node: head.match(/^x-stealmate-node: (.*)$/im)?.[1] ?? null };
  };
  const created = await get("/api/lobby/create", { method: "POST", body: JSON.stringify({ playerName: "Hana" }) });
  const { lobby } = (await created.clone().json()) as { lobby: { code: string } };
  return {
    rest: await node(created),
    page: await node(get(`/lobby/${lobby.code}`)),
    file: await node(get("/logo.svg")),
    missing: await node(get("/no-such-page")),
    refusedHost: await node(get("/", { headers: { host: "attacker.example" } })),
    health: await node(get("/healthz")),
    stream: await node(get(STREAM_PATH)),
    streamPost: await node(get(`${STREAM_PATH}/no-such-session`, { method: "POST", body: '["heartbeat"]' })),
    refusedStream: await node(get(STREAM_PATH, { headers: { origin: "http://evil.example" } })),
    refusedUpgrade: await upgrade({ origin: "http://evil.example" }),
    upgraded: await upgrade({}),
  };
}

describe("the answers of a node of a cluster", () => {
  let app: TestApp;
  let redis: TestRedis;
  beforeAll(async () => {
    redis = await startRedis();
    app = await startTestApp({ REDIS_URL: redis.url, NODE_ID: "n1", ...UNBALANCED_NODE_ENV });
  });
  afterAll(async () => {
    await app.dispose();
    await redis.dispose();
  });

  test("all name the node, the WebSocket's 101 and the event stream included", async () => {
    expect(await nodeOfEveryAnswer(app.url)).toEqual(Object.fromEntries(Object.entries(STATUSES).map(([kind, status]) => [kind, { status, node: "n1" }])));
  });
});

describe("the answers of a server on its own", () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app.dispose());

  test("name no node", async () => {
    expect(await nodeOfEveryAnswer(app.url)).toEqual(Object.fromEntries(Object.entries(STATUSES).map(([kind, status]) => [kind, { status, node: null }])));
  });
});
