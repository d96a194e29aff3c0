// A Duel through a cluster's failover (docs/cluster.md "Owning a lobby"; docs/rules.md "Duels"): the
// node holding a Duel mid-round is killed with SIGKILL; another node takes it over with its pairings
// and locks, every page gets its snapshot back (its own lock and no one else's), and the round is
// judged into standings.
import { afterAll, expect, test } from "bun:test";
import { retryDelay } from "../../islands/client/retry";
import { CLUSTER_WAIT_MS, holder, isSnapshot } from "../support/cluster-party";
import { PlayerSocket } from "../support/player-socket";
import { createLobby, joinLobby, lobbyData, startGame, startRound, submit, waitForPhase } from "../support/rest";
import { useCluster } from "../support/use-cluster";

const sockets: PlayerSocket[] = [];
afterAll(() => sockets.forEach((s) => s.close()));
const use = useCluster();

test("kill -9 of a Duel's node mid-round: pairs and locks come back on another node, and the round is judged", async () => {
  const app = { url: use.cluster.url };
  const hana = await createLobby(app, "Hana", "duels");
  const ravi = await joinLobby(app, hana.code, "Ravi", { routed: true });
  const bo = await joinLobby(app, hana.code, "Bo", { routed: true });
  for (const [seat, transport] of [[hana, "websocket"], [ravi, "stream"], [bo, "websocket"]] as const) sockets.push(new PlayerSocket(use.cluster.url, seat.name, seat.token, transport, retryDelay));
  await Promise.all(sockets.map((s) => s.waitFor("lobby-updated", isSnapshot, CLUSTER_WAIT_MS)));
  await startGame(app, hana, 2, 60);
  await startRound(app, hana);
  const secret = "Hana's duel answer";
  await submit(app, hana, 1, secret);
  await sockets[1]!.waitFor("duel-locked", (p) => p.playerId === hana.id, CLUSTER_WAIT_MS);
  const before = await lobbyData(app, hana.code);

  const victim = (await holder(use.cluster, hana.code)).node;
  await use.cluster.node(victim).kill9();
  // The snapshots before the kill were taken above: these are the ones after it.
  const snaps = await Promise.all(sockets.map((s) => s.waitFor("lobby-updated", isSnapshot, CLUSTER_WAIT_MS)));
  const after = await lobbyData(app, hana.code);
  expect((await holder(use.cluster, hana.code)).node).not.toBe(victim);
  expect(after.gameState.pairs).toEqual(before.gameState.pairs);
  expect(after.gameState.currentRound).toEqual(before.gameState.currentRound);
  expect(snaps[0].lock).toEqual({ answer: secret, isSteal: false, playerId: hana.id });
  for (const snap of snaps.slice(1)) {
    expect(snap.lock).toBeNull();
    expect(JSON.stringify(snap)).not.toContain(secret);
  }

  await submit(app, ravi, 1, "", true);
  await submit(app, bo, 1, "a guess");
  const judged = await waitForPhase(app, hana.code, "results");
  expect(judged.gameState.rounds[0].duels.map((d: any) => [d.a.name, d.b?.name ?? null])).toEqual([["Hana", "Ravi"], ["Bo", null]]);
  expect(judged.gameState.standings.map((s: any) => s.name).sort()).toEqual(["Bo", "Hana", "Ravi"]);
}, 90_000);
