// HAProxy in front of three real nodes (docs/cluster.md "Routing"): every page, every REST call and
// both realtime transports of a lobby reach the node Redis names its owner, so none of them makes
// another node claim it; a `lobby` parameter naming another lobby than the token's is refused by the
// node it reaches, and neither lobby moves.
import { describe, expect, test } from "bun:test";
import { OTHER_LOBBY } from "../../src/access/routed-lobby";
import { lobbyRoutes } from "../../src/api/routes";
import { NODE_HEADER } from "../../src/node-header";
import { lobbyQuery } from "../../src/shared/lobby-query";
import { encodeFrame, STREAM_PATH } from "../../src/shared/wire";
import { call } from "../support/app";
import { CLUSTER_WAIT_MS, holder, isSnapshot, stored } from "../support/cluster-party";
import { RawStream, rawUpgrade } from "../support/raw-wire";
import { joinLobby } from "../support/rest";
import { Clients, TRANSPORTS } from "../support/sockets";
import { useCluster } from "../support/use-cluster";

const use = useCluster();

/** Every REST call but create, as a page makes it: with its token (the join has none, and names its lobby in a parameter). */
function everyCall(code: string, token: string): { what: string; method: string; path: string; token?: string; body: unknown }[] {
  const routes = lobbyRoutes({ service: {} as never, catalog: {} as never, tokens: {} as never, budgets: {} as never, allowedOrigins: [], clientIp: () => "", clientNetwork: () => "" }).routes;
  const calls = routes
    .filter((r) => r.path !== "/api/lobby/create")
    .map(({ method, path }) => {
      const filled = path.replace(":code", code).replace(":id", "1");
      if (path === "/api/lobby/join") return { what: `${method} ${path}`, method, path: filled + lobbyQuery(code), body: { code, playerName: "Late" } };
      return { what: `${method} ${path}`, method, path: filled, token, body: method === "GET" ? undefined : {} };
    });
  // Leaving gives the seat up: the token's last call.
  return [...calls.filter((c) => c.what !== "POST /api/lobby/leave"), ...calls.filter((c) => c.what === "POST /api/lobby/leave")];
}

describe("HAProxy in front of real nodes", () => {
  test("every page, REST call and both transports of a lobby reach the node Redis names its owner", async () => {
    const { cluster } = use;
    const { code, sockets } = await use.party(["websocket", "stream"]);
    const owner = await holder(cluster, code);
    const app = { url: cluster.url };
    const extra = await joinLobby(app, code, "Extra", { routed: true });
    const reached: { what: string; status: number; node: string | null }[] = [];
    const answered = async (what: string, res: Response) => {
      await res.body?.cancel();
      reached.push({ what, status: res.status, node: res.headers.get(NODE_HEADER) });
    };

    for (const page of ["lobby", "game", "tv"]) await answered(`GET /${page}/CODE`, await fetch(`${cluster.url}/${page}/${code}`));
    for (const c of everyCall(code, extra.token)) {
      const headers: Record<string, string> = { "content-type": "application/json", ...(c.token ? { authorization: `Bearer ${c.token}` } : {}) };
      await answered(c.what, await fetch(cluster.url + c.path, { method: c.method, headers, body: c.body === undefined ? undefined : JSON.stringify(c.body) }));
    }
    const upgrade = await rawUpgrade(cluster.url, {}, undefined, lobbyQuery(code));
    reached.push({ what: "WebSocket /ws?lobby=CODE", status: upgrade.status, node: upgrade.head.match(/^x-stealmate-node: (.*)$/im)?.[1] ?? null });
    await answered("GET /ws/stream?lobby=CODE", await fetch(`${cluster.url}${STREAM_PATH}${lobbyQuery(code)}`));
    // A session lives on the node that opened its stream: a POST that reached another would be 404.
    const stream = await RawStream.open(cluster.url, {}, lobbyQuery(code));
    const late = await joinLobby(app, code, "Later", { routed: true });
    expect(await stream.post(encodeFrame("join-lobby", { token: late.token }))).toBe(204);
    const seated = (p: any) => [...p.lobby.blueTeam, ...p.lobby.redTeam].some((player) => player.name === "Later" && player.connected);
    await sockets[0]!.waitFor("lobby-updated", seated, CLUSTER_WAIT_MS);
    stream.close();

    console.log(`owner ${owner.node}: ${reached.map((r) => `${r.what} ${r.status}`).join("; ")}`);
    expect(reached.filter((r) => r.node !== owner.node || r.status === 503)).toEqual([]);
    // None of it made another node claim the lobby: the same owner, the same epoch.
    expect(await holder(cluster, code)).toEqual(owner);
    // The pages' own links (one per transport, ?lobby=CODE) were served there too: they hear each other.
    sockets[0]!.emit("chat-message", { message: "both transports", chatType: "game" });
    await Promise.all(sockets.map((s) => s.waitFor("chat-message", (m) => m.message === "both transports", CLUSTER_WAIT_MS)));
    expect(await holder(cluster, code)).toEqual(owner);
  }, 60_000);

  test("a lobby parameter naming another lobby than the token's is refused by the node it reaches; neither lobby moves", async () => {
    const { cluster } = use;
    const mine = await use.party(["websocket"], "Mine-");
    const mineOwner = await holder(cluster, mine.code);
    let other = await use.party(["websocket"], "Other-");
    while ((await holder(cluster, other.code)).node === mineOwner.node) other = await use.party(["websocket"], "Other-");
    const otherOwner = await holder(cluster, other.code);
    const before = await stored(cluster, mine.code);
    const token = mine.players[0]!.seat.token;
    const misrouted = { url: `${cluster.url}` };

    const join = await call(misrouted, "POST", `/api/lobby/join${lobbyQuery(other.code)}`, { body: { code: mine.code, playerName: "Sneaky" } });
    expect(join).toEqual({ status: 400, body: { success: false, message: OTHER_LOBBY } });
    const teamSelect = await fetch(`${cluster.url}/api/lobby/teamSelect${lobbyQuery(other.code)}`, { method: "POST", headers: { "content-type": "application/json", authorization: `Bearer ${token}` }, body: JSON.stringify({ team: "red", isCaptain: false }) });
    expect({ status: teamSelect.status, node: teamSelect.headers.get(NODE_HEADER), body: await teamSelect.json() }).toEqual({ status: 400, node: otherOwner.node, body: { success: false, message: OTHER_LOBBY } });
    for (const transport of TRANSPORTS) {
      const clients = new Clients(cluster.url, transport);
      const client = await clients.connect(`misrouted over ${transport}`, undefined, { lobby: other.code });
      client.emit("join-lobby", { token });
      expect(await client.waitFor("socket-error", () => true, CLUSTER_WAIT_MS)).toEqual({ event: "join-lobby", message: OTHER_LOBBY });
      expect(await client.waitForDisconnect(CLUSTER_WAIT_MS)).toBe("server disconnect");
      clients.closeAll();
    }

    expect(await holder(cluster, mine.code)).toEqual(mineOwner);
    expect(await holder(cluster, other.code)).toEqual(otherOwner);
    expect(await stored(cluster, mine.code)).toEqual(before);
    // The lobby's own page, still seated where it was, never noticed.
    expect(mine.sockets[0]!.disconnects).toEqual([]);
    expect(mine.sockets[0]!.events("lobby-updated").filter(isSnapshot)).toHaveLength(1);
  }, 60_000);
});
