// A party played through a local cluster's HAProxy (scripts/cluster/start-cluster.ts) as phones play
// it: every call goes through the proxy, the joins name their lobby (?lobby=CODE) as the page's do,
// and each player is a page that reconnects on the page's own schedule (islands/client/retry.ts).
// Also who holds a lobby, as Redis says (docs/cluster.md "Owning a lobby").
import { RedisClient } from "bun";
import { retryDelay } from "../../islands/client/retry";
import type { Team } from "../../src/game/types";
import { keys } from "../../src/cluster/scripts";
import type { Cluster } from "../../scripts/cluster/start-cluster";
import { LIFTED_LIMITS } from "../../scripts/lib/lifted-limits";
import { PlayerSocket } from "./player-socket";
import { SHORT_ROUNDS_ENV } from "./short-timings";
import { createLobby, joinLobby, lobbyData, type Seat } from "./rest";
import type { Transport } from "./sockets";

/** The nodes' variables: every player is this machine, seen through HAProxy as one address; rounds may be short. */
export const clusterEnv = (): Record<string, string> => ({ ...LIFTED_LIMITS, ...SHORT_ROUNDS_ENV });

/** Generous for a busy 2-core machine: a snapshot, a join, a move to another node. */
export const CLUSTER_WAIT_MS = 15_000;

const NAMES = ["Hana", "Ravi", "Bo", "Rue", "Kai", "Lea", "Max", "Noa"];

export const isSnapshot = (p: any): boolean => p?.updateType === "snapshot";

export interface SeatedPlayer {
  seat: Seat;
  team: Team;
}

export interface Player extends SeatedPlayer {
  socket: PlayerSocket;
}

export interface ClusterParty {
  code: string;
  /** in the order they joined: the host (blue's captain) first, then red's captain */
  players: Player[];
  sockets: PlayerSocket[];
  close(): void;
}

/**
 * A lobby of `count` players (at most 8) seated through the proxy: the host creates it and captains
 * blue, the first to join captains red, the rest fall on the smaller team.
 */
export async function seatParty(cluster: Cluster, count: number, prefix = ""): Promise<{ code: string; players: SeatedPlayer[] }> {
  const app = { url: cluster.url };
  const host = await createLobby(app, `${prefix}${NAMES[0]}`);
  const seats: Seat[] = [host];
  for (const name of NAMES.slice(1, count)) seats.push(await joinLobby(app, host.code, `${prefix}${name}`, { routed: true }));
  const lobby = await lobbyData(app, host.code);
  const teamOf = (seat: Seat): Team => (lobby.blueTeam.some((p: { id: string }) => p.id === seat.id) ? "blue" : "red");
  return { code: host.code, players: seats.map((seat) => ({ seat, team: teamOf(seat) })) };
}

/** seatParty() with one page per transport given, each connected and with its snapshot when this resolves. */
export async function clusterParty(cluster: Cluster, transports: Transport[], prefix = ""): Promise<ClusterParty> {
  const { code, players: seated } = await seatParty(cluster, transports.length, prefix);
  const players = seated.map(({ seat, team }, i) => {
    const transport = transports[i]!;
    return { seat, team, socket: new PlayerSocket(cluster.url, `${seat.name}(${team}, ${transport})`, seat.token, transport, retryDelay) };
  });
  const sockets = players.map((p) => p.socket);
  await Promise.all(sockets.map((s) => s.waitFor("lobby-updated", isSnapshot, CLUSTER_WAIT_MS)));
  return { code, players, sockets, close: () => sockets.forEach((s) => s.close()) };
}

/** Who holds a lobby, as Redis says. */
export interface Holder {
  node: string;
  incarnation: string;
  epoch: number;
  /** the owner's lease is held by that incarnation: the owner is alive */
  live: boolean;
}

export async function holder(cluster: Cluster, code: string): Promise<Holder> {
  const client = new RedisClient(cluster.redis.url, { autoReconnect: false });
  try {
    const [owner, epoch] = (await client.send("HMGET", [keys.lobby(code), "owner", "epoch"])) as [string | null, string | null];
    const [node = "", incarnation = ""] = (owner ?? "").split(":");
    const lease = node ? await client.send("GET", [keys.node(node)]) : null;
    return { node, incarnation, epoch: Number(epoch), live: lease === incarnation && incarnation !== "" };
  } finally {
    client.close();
  }
}

/** The lobby as its owners wrote it to Redis, read whichever node serves it now: its state (a LobbyState without chat) and its chat lines. */
export async function stored(cluster: Cluster, code: string): Promise<{ state: any; chat: any[] }> {
  const client = new RedisClient(cluster.redis.url, { autoReconnect: false });
  try {
    const state = await client.send("HGET", [keys.lobby(code), "state"]);
    const chat = (await client.send("LRANGE", [keys.chat(code), "0", "-1"])) as string[];
    return { state: JSON.parse(String(state)), chat: chat.map((line) => JSON.parse(line)) };
  } finally {
    client.close();
  }
}

/**
 * Resolves once HAProxy sends requests to `id` again (a node restarted, or woken): its checks have
 * passed. Asked through the proxy's any-node backend, which follows the lobby backend's checks.
 */
export async function untilServing(cluster: Cluster, id: string, ms = CLUSTER_WAIT_MS): Promise<void> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    const res = await fetch(`${cluster.url}/healthz`).catch(() => null);
    await res?.arrayBuffer();
    if (res?.headers.get("x-stealmate-node") === id) return;
    await Bun.sleep(50);
  }
  throw new Error(`HAProxy did not send anything to ${id} within ${ms} ms`);
}
