// The cluster's kill -9 rehearsal, shared by its test (tests/cluster/failover-kill.test.ts) and the
// closing note's figure (bench/cluster-failover.ts): a lobby of 8 (6 pages on a WebSocket, 2 on the
// fallback) in round 2 with blue's answer locked and chat acknowledged, a lobby of 2 on another node
// chatting throughout, and the first lobby's node killed with SIGKILL. What it returns is what the
// test checks and the bench measures.
import type { Cluster } from "../../scripts/cluster/start-cluster";
import { Chatter, type SaidLine } from "./chatter";
import { CLUSTER_WAIT_MS, clusterParty, holder, isSnapshot, type ClusterParty, type Player } from "./cluster-party";
import { lobbyData, ok, startGame, startRound, submit } from "./rest";
import type { Transport } from "./sockets";

/** How often the talkers say a line. */
const CHAT_EVERY_MS = 100;
/** Lines the first lobby's talker has acknowledged before the kill, so some are still in flight at it. */
const ACKED_BEFORE_KILL = 5;
const EIGHT: Transport[] = ["websocket", "websocket", "websocket", "stream", "websocket", "stream", "websocket", "websocket"];

export const BLUE_ANSWER = "Blue's locked answer";

export interface KillOwnerRun {
  party: ClusterParty;
  /** the lobby of 2 on another node */
  bystanders: ClusterParty;
  /** its two pages (one per transport), who kept talking through the failover */
  bystanderChat: Chatter[];
  /** the node killed */
  victim: string;
  killedAt: number;
  /** the lobby as GET /api/lobby/CODE showed it just before the kill */
  before: any;
  /** chat lines of the party's each player heard back before the kill, with who may read them */
  acked: (SaidLine & { team: "blue" | "red" })[];
  /** each player's first snapshot after the kill, and how long after the kill it came */
  snapshots: any[];
  backMs: number[];
  close(): void;
}

/** Waits until `player` heard its own line back. */
async function say(player: Player, text: string, chatType: "game" | "team"): Promise<SaidLine & { team: "blue" | "red" }> {
  const sentAt = Date.now();
  player.socket.emit("chat-message", { message: text, chatType });
  await player.socket.waitFor("chat-message", (m) => m?.message === text, CLUSTER_WAIT_MS);
  return { text, chatType, sentAt, ackedAt: Date.now(), team: player.team };
}

/**
 * `hostHand`: before the kill the host also gives round 2 thirty more seconds and pauses it, so the
 * failover must keep both (docs/decisions.md "The host runs the room").
 */
export async function killOwnerMidRound(cluster: Cluster, { hostHand = false } = {}): Promise<KillOwnerRun> {
  const app = { url: cluster.url };
  const party = await clusterParty(cluster, EIGHT);
  const victim = (await holder(cluster, party.code)).node;
  // The bystanders' lobby lands on whichever node its code hashes to: one more is made until it is not the victim.
  let bystanders = await clusterParty(cluster, ["websocket", "stream"], "By-");
  while ((await holder(cluster, bystanders.code)).node === victim) {
    bystanders.close();
    bystanders = await clusterParty(cluster, ["websocket", "stream"], "By-");
  }

  const [blueCaptain, redCaptain] = party.players as [Player, Player];
  const blue = party.players.filter((p) => p.team === "blue");
  await startGame(app, blueCaptain.seat, 3, 60);
  await startRound(app, blueCaptain.seat);
  await submit(app, blueCaptain.seat, 1, "Blue's first guess");
  await submit(app, redCaptain.seat, 1, "Red's first guess");
  await Promise.all(party.sockets.map((s) => s.waitFor("round-results", (p) => p.round.number === 1, CLUSTER_WAIT_MS)));
  await startRound(app, blueCaptain.seat);
  await submit(app, blueCaptain.seat, 2, BLUE_ANSWER);
  await Promise.all(blue.map((p) => p.socket.waitFor("team-answer-submitted", (s) => s.roundNumber === 2, CLUSTER_WAIT_MS)));
  if (hostHand) {
    await ok(app, "/api/lobby/addTime", blueCaptain.seat.token, { roundNumber: 2, seconds: 30 });
    await ok(app, "/api/lobby/pause", blueCaptain.seat.token, { paused: true });
    await Promise.all(party.sockets.map((s) => s.waitFor("game-paused", (p) => p.paused === true, CLUSTER_WAIT_MS)));
  }
  const acked = await Promise.all(party.players.map((p, i) => say(p, `${p.seat.name} says ${i}`, i % 2 ? "team" : "game")));
  const before = await lobbyData(app, party.code);

  const bystanderChat = bystanders.sockets.map((s) => new Chatter(s, CHAT_EVERY_MS));
  const talker = party.players[2]!;
  const partyChat = new Chatter(talker.socket, CHAT_EVERY_MS);
  const marks = party.sockets.map((s) => s.mark());
  const end = Date.now() + CLUSTER_WAIT_MS;
  while (partyChat.acked.length < ACKED_BEFORE_KILL && Date.now() < end) await talker.socket.waitForCount(talker.socket.mark(), 1, CLUSTER_WAIT_MS);

  const killedAt = Date.now();
  const killed = cluster.node(victim).kill9();
  partyChat.stop();
  await killed;
  acked.push(...partyChat.acked.map((line) => ({ ...line, team: talker.team })));

  const snapshots = await Promise.all(party.sockets.map((s) => s.waitFor("lobby-updated", isSnapshot, CLUSTER_WAIT_MS)));
  const backMs = party.sockets.map((s, i) => {
    const at = s.log.find((r) => r.seq >= marks[i]! && r.event === "lobby-updated" && isSnapshot(r.payload))!;
    return s.arrivals[at.seq]! - killedAt;
  });
  for (const chatter of bystanderChat) chatter.stop();
  return {
    party,
    bystanders,
    bystanderChat,
    victim,
    killedAt,
    before,
    acked,
    snapshots,
    backMs,
    close() {
      party.close();
      bystanders.close();
    },
  };
}
