// A Tournament through a cluster's failover (docs/cluster.md "Owning a lobby"; docs/rules.md
// "Tournament"): the node holding a match mid-question is killed with SIGKILL; another node takes the
// lobby over with its bracket, match scores and locks, every page gets its snapshot back (its own lock
// and no one else's), and the match is decided.
import { afterAll, expect, test } from "bun:test";
import { retryDelay } from "../../islands/client/retry";
import { CLUSTER_WAIT_MS, holder, isSnapshot } from "../support/cluster-party";
import { PlayerSocket } from "../support/player-socket";
import { createLobby, joinLobby, lobbyData, ok, startRound, submit, waitForPhase } from "../support/rest";
import { useCluster } from "../support/use-cluster";

const sockets: PlayerSocket[] = [];
afterAll(() => sockets.forEach((s) => s.close()));
const use = useCluster();

test("kill -9 of a Tournament's node mid-match: bracket, scores and locks come back on another node, and the match is decided", async () => {
  const app = { url: use.cluster.url };
  const hana = await createLobby(app, "Hana", "tournament");
  const ravi = await joinLobby(app, hana.code, "Ravi", { routed: true });
  const bo = await joinLobby(app, hana.code, "Bo", { routed: true });
  const seats = [hana, ravi, bo];
  const seat = (id: string) => seats.find((s) => s.id === id)!;
  await ok(app, "/api/lobby/start", hana.token);
  // Three players: one bye, one live semi-final. Side a steals, side b answers wrong: b wins the question.
  await startRound(app, hana);
  const [match] = (await lobbyData(app, hana.code)).gameState.pairs as { a: string; b: string }[];
  await submit(app, seat(match!.a), 1, "", true);
  await submit(app, seat(match!.b), 1, "zzz not it");
  await waitForPhase(app, hana.code, "results");
  for (const [s, transport] of [[seat(match!.a), "websocket"], [seat(match!.b), "stream"]] as const) sockets.push(new PlayerSocket(use.cluster.url, s.name, s.token, transport, retryDelay));
  await Promise.all(sockets.map((s) => s.waitFor("lobby-updated", isSnapshot, CLUSTER_WAIT_MS)));
  await startRound(app, hana);
  const secret = "a tournament secret";
  await submit(app, seat(match!.b), 2, secret);
  await sockets[0]!.waitFor("duel-locked", (p) => p.playerId === match!.b, CLUSTER_WAIT_MS);
  const before = await lobbyData(app, hana.code);
  expect(before.gameState.bracket.rounds[0].find((m: any) => m.a === match!.a).score).toEqual({ a: 0, b: 1, questions: 1 });

  const victim = (await holder(use.cluster, hana.code)).node;
  await use.cluster.node(victim).kill9();
  const snaps = await Promise.all(sockets.map((s) => s.waitFor("lobby-updated", isSnapshot, CLUSTER_WAIT_MS)));
  const after = await lobbyData(app, hana.code);
  expect((await holder(use.cluster, hana.code)).node).not.toBe(victim);
  expect(after.gameState.bracket).toEqual(before.gameState.bracket);
  expect(after.gameState.pairs).toEqual(before.gameState.pairs);
  expect(snaps[0].lock).toBeNull();
  expect(JSON.stringify(snaps[0])).not.toContain(secret);
  expect(snaps[1].lock).toMatchObject({ answer: secret, isSteal: false });

  await submit(app, seat(match!.a), 2, "", true);
  const judged = await waitForPhase(app, hana.code, "results");
  const decided = judged.gameState.bracket.rounds[0].find((m: any) => m.a === match!.a);
  expect(decided).toMatchObject({ winner: match!.b, score: { a: 0, b: 2, questions: 2 } });
  expect(judged.gameState.bracket.rounds[1][0]).toMatchObject({ winner: null });
}, 90_000);
