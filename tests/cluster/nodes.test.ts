// Two cluster nodes in this process on one real Redis (docs/cluster.md): a lobby is held by one node
// at a time, handed over when another is asked about it, fenced when another took it, and refused
// (503, nothing applied) while Redis is away, with play going on by itself once it is back.
import { afterAll, afterEach, beforeAll, describe, expect, test } from "bun:test";
import { startTestApp, call, type TestApp } from "../support/app";
import { startRedis, type TestRedis } from "../support/redis-server";
import { createLobby, joinLobby, lobbyData, teamSelect } from "../support/rest";
import { PlayerSocket } from "../support/player-socket";
import { redisCutter } from "../support/redis-cutter";
import { Client, within } from "../support/sockets";
import { UNBALANCED_NODE_ENV } from "../support/short-timings";

let redis: TestRedis;
let nodes: TestApp[] = [];

beforeAll(async () => {
  redis = await startRedis();
});
afterAll(async () => {
  await redis.dispose();
});
afterEach(async () => {
  for (const node of nodes) await node.dispose().catch(() => {});
  nodes = [];
});

async function node(id: string, env: Record<string, string> = {}): Promise<TestApp> {
  const app = await startTestApp({ REDIS_URL: redis.url, NODE_ID: id, ...UNBALANCED_NODE_ENV, ...env });
  nodes.push(app);
  return app;
}

const ownerOf = async (code: string) => (await redis.cli("HGET", `sm:lobby:${code}`, "owner")).split(":")[0];
const names = (lobby: { blueTeam: { name: string }[]; redTeam: { name: string }[] }) => [...lobby.blueTeam, ...lobby.redTeam].map((p) => p.name).sort();

async function until<T>(what: string, check: () => Promise<T | undefined>, ms = 5000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await Bun.sleep(50);
  }
}

describe("a lobby on a cluster", () => {
  test("is held by the node that created it, and handed to another node asked about it", async () => {
    const [a, b] = [await node("a"), await node("b")];
    const host = await createLobby(a, "Ann");
    expect(await ownerOf(host.code)).toBe("a");
    expect(a.service.get(host.code)).toBeDefined();

    await joinLobby(b, host.code, "Bob");
    expect(await ownerOf(host.code)).toBe("b");
    expect(a.service.get(host.code)).toBeUndefined();
    expect(names(await lobbyData(b, host.code))).toEqual(["Ann", "Bob"]);
  });

  test("is not handed on again within 10 s of a move: the asker answers 503 and nothing changes", async () => {
    const [a, b] = [await node("a"), await node("b")];
    const host = await createLobby(a, "Ann");
    await lobbyData(b, host.code);
    const res = await call(a, "POST", "/api/lobby/join", { body: { code: host.code, playerName: "Cy" } });
    expect(res.status).toBe(503);
    expect(res.body.message).toMatch(/moving/);
    expect(await ownerOf(host.code)).toBe("b");
    expect(names(await lobbyData(b, host.code))).toEqual(["Ann"]);
    // Its page says so, and the browser asks again by itself.
    const page = await fetch(`${a.url}/lobby/${host.code}`);
    expect(page.status).toBe(503);
    expect(page.headers.get("refresh")).toBe("2");
    expect(await page.text()).toContain("This lobby is moving between servers");
  });

  test("a node whose lobby another took is fenced: its write is refused, its sockets close with 1012, and it says nothing more", async () => {
    const [a, b] = [await node("a"), await node("b")];
    const host = await createLobby(a, "Ann");
    const bob = await joinLobby(a, host.code, "Bob");
    const ann = new Client(a.url, "ann");
    await ann.waitOpen();
    await ann.join(host.token);
    const heardBefore = ann.mark();
    // Another incarnation took the lobby (as after this node's lease ran out) and is gone already.
    await redis.cli("HSET", `sm:lobby:${host.code}`, "owner", "z:dead");
    await redis.cli("HINCRBY", `sm:lobby:${host.code}`, "epoch", "1");

    const bobsTeam = (await lobbyData(a, host.code)).redTeam.length === 1 ? "red" : "blue";
    const other = bobsTeam === "red" ? "blue" : "red";
    const res = await call(a, "POST", "/api/lobby/teamSelect", { token: bob.token, body: { team: other, isCaptain: false } });
    expect(res.status).toBe(503);
    expect(res.body.message).toMatch(/moved to another server/);
    expect(await within(ann.waitForDisconnect(), "the fenced socket's close")).toBe("server restarting");
    expect(ann.since(heardBefore).filter((r) => r.event === "lobby-updated")).toEqual([]);
    expect(a.service.get(host.code)).toBeUndefined();

    // The lobby is whole where it went, without the refused change.
    const lobby = await lobbyData(b, host.code);
    expect(lobby[`${bobsTeam}Team`].map((p: { name: string }) => p.name)).toContain("Bob");
    expect(names(lobby)).toEqual(["Ann", "Bob"]);
    expect(await ownerOf(host.code)).toBe("b");
    ann.close();
  });

  test("while Redis is down, commands answer 503 with nothing applied; once it is back, play goes on by itself", async () => {
    const a = await node("a");
    const host = await createLobby(a, "Ann");
    const bob = await joinLobby(a, host.code, "Bob");
    const ann = new Client(a.url, "ann");
    await ann.waitOpen();
    await ann.join(host.token);
    await Bun.sleep(1100); // the AOF is written every second

    const bobsTeam = (await lobbyData(a, host.code)).redTeam.length === 1 ? "red" : "blue";
    const other = bobsTeam === "red" ? "blue" : "red";
    await redis.kill();
    const res = await call(a, "POST", "/api/lobby/teamSelect", { token: bob.token, body: { team: other, isCaptain: false } });
    expect(res.status).toBe(503);
    // The lease runs out: the node drops the lobby and its socket is told to come back.
    expect(await within(ann.waitForDisconnect(), "the socket's close once the lease ran out", 4000)).toBe("server restarting");
    expect((await call(a, "GET", `/api/lobby/${host.code}`)).status).toBe(503);
    // Still up for the load balancer: every node lost Redis alike, and none is better placed.
    expect((await fetch(`${a.url}/healthz`)).status).toBe(200);

    await redis.start();
    await until("the lobby to be served again", async () => ((await call(a, "GET", `/api/lobby/${host.code}`)).status === 200 ? true : undefined));
    expect((await lobbyData(a, host.code))[`${bobsTeam}Team`].map((p: { name: string }) => p.name)).toContain("Bob");
    await teamSelect(a, bob, other);
    expect((await lobbyData(a, host.code))[`${other}Team`].map((p: { name: string }) => p.name)).toContain("Bob");
    ann.close();
  });

  test("a lobby Redis still names a node's, though that node dropped it (a commit that timed out), is let go when another node asks", async () => {
    const [a, b] = [await node("a"), await node("b")];
    const host = await createLobby(a, "Ann");
    a.service.drop(host.code);
    expect(await ownerOf(host.code)).toBe("a");
    expect(names(await lobbyData(b, host.code))).toEqual(["Ann"]);
    expect(await ownerOf(host.code)).toBe("b");
  });

  test("a commit whose answer was lost with its connection is not told as refused: the lobby is read again from Redis, which ran it", async () => {
    const cutter = await redisCutter(redis.url);
    try {
      const a = await node("a", { REDIS_URL: cutter.url });
      const host = await createLobby(a, "Ann");
      const ann = new PlayerSocket(a.url, "ann", host.token);
      await ann.waitFor("lobby-updated", (p) => p.updateType === "snapshot", 5000);
      const line = "said as the connection broke";
      cutter.cutAfter(line);
      ann.emit("chat-message", { message: line, chatType: "game" });
      await until("Redis to hold the line", async () => ((await redis.cli("LRANGE", `sm:chat:${host.code}`, "0", "-1")).includes(line) ? true : undefined));
      await until("its answer to be lost with the node's connection", async () => (cutter.cut ? true : undefined));
      // Not "nothing changed" to the sender: the node cannot know, so it lets the lobby go and its page
      // comes back to what Redis holds.
      expect(await within(ann.waitForDisconnect(), "the lobby to be let go")).toBe("server restarting");
      const again = await ann.waitFor("lobby-updated", (p) => p.updateType === "snapshot", 5000);
      expect(again.chat.map((m: { message: string }) => m.message)).toEqual([line]);
      expect(ann.events("socket-error")).toEqual([]);
      ann.close();
    } finally {
      cutter.stop();
    }
  });

  test("a node that is stopped hands its lobbies over at once", async () => {
    const [a, b] = [await node("a"), await node("b")];
    const host = await createLobby(a, "Ann");
    await a.close();
    nodes = nodes.filter((n) => n !== a);
    expect(await redis.cli("HGET", `sm:lobby:${host.code}`, "owner")).toBe("");
    expect(await redis.cli("EXISTS", "sm:node:a")).toBe("0");
    await lobbyData(b, host.code);
    expect(await ownerOf(host.code)).toBe("b");
  });

  test("a tokenless watch without ?lobby= (HAProxy's round robin) does not pull the lobby to its node; with it, the lobby comes", async () => {
    const [a, b] = [await node("a"), await node("b")];
    const host = await createLobby(a, "Ann");
    const stray = new Client(b.url, "stray tv");
    await stray.waitOpen();
    stray.emit("watch-lobby", { code: host.code });
    expect((await stray.waitFor("socket-error")).event).toBe("watch-lobby");
    expect(await ownerOf(host.code)).toBe("a");
    expect(a.service.get(host.code)).toBeDefined();
    stray.close();
    // The TV's page names its lobby, so the proxy sent it to the lobby's node: that one may claim it.
    const tv = new Client(b.url, "tv", "websocket", { lobby: host.code });
    await tv.waitOpen();
    tv.emit("watch-lobby", { code: host.code });
    await tv.waitFor("lobby-updated", (p) => p.updateType === "snapshot", 5000);
    expect(await ownerOf(host.code)).toBe("b");
    tv.close();
  });

  test("create and join budgets are counted across the nodes", async () => {
    const [a, b] = [await node("a", { JOIN_RATE_PER_MIN: "3" }), await node("b", { JOIN_RATE_PER_MIN: "3" })];
    await redis.cli("EVAL", "for _, k in ipairs(redis.call('KEYS', 'sm:rate:*')) do redis.call('DEL', k) end", "0");
    const statuses: number[] = [];
    for (const n of [a, b, a, b]) statuses.push((await call(n, "POST", "/api/lobby/create", { body: { playerName: "Ann" } })).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
  });
});
