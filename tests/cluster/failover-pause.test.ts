// A node that hangs (SIGSTOP for 10 s, then SIGCONT) while it holds a lobby in the middle of a round
// (docs/cluster.md "Owning a lobby", "Fencing"): HAProxy cuts its pages, which find the lobby on
// another node; the round ends there on its deadline, which falls within the pause. When the stale
// node wakes, its round timer is overdue and a request sent to it while it slept is waiting: neither
// writes anything, and the pages that were on it hear nothing more from it.
import { describe, expect, test } from "bun:test";
import { toStderr } from "../../scripts/cluster/child";
import { CLUSTER_WAIT_MS, holder, isSnapshot, stored, type Holder } from "../support/cluster-party";
import { lobbyData, startGame, startRound, submit } from "../support/rest";
import { SHORT_ROUND_S } from "../support/short-timings";
import { useCluster } from "../support/use-cluster";

const PAUSE_MS = 10_000;
/** The round's deadline falls this long after the pause begins: after the lobby moved, before the node wakes. */
const DEADLINE_INTO_PAUSE_MS = 6_000;
const BLUE_ANSWER = "Blue's answer before the pause";

const output: string[] = [];
// The nodes' lines are kept, to find the stale node's own account of waking, and shown as usual.
// The production move interval, not the tests' short one: nothing here waits on it, and with 3 s the
// woken node answered the request under test 409 (its rules: time is up) instead of 503 (its fence) in
// two runs of three, what it does on waking racing that request.
const use = useCluster({ log: (line) => (output.push(line), toStderr(line)), moveEveryMs: 10_000 });

/**
 * An HTTP request written whole into the node's socket: the kernel accepts the connection and takes the
 * bytes even while the process is stopped, so the request is there, waiting, the moment it wakes.
 */
async function queuedRequest(url: string, method: string, path: string, headers: Record<string, string>, body: string): Promise<{ answered: Promise<{ status: number; body: any }> }> {
  const { hostname, port } = new URL(url);
  let text = "";
  let done: () => void = () => {};
  const closed = new Promise<void>((resolve) => (done = resolve));
  const socket = await Bun.connect({
    hostname,
    port: Number(port),
    socket: {
      data: (_s, chunk) => void (text += chunk.toString()),
      close: () => done(),
      error: () => done(),
    },
  });
  const head = Object.entries({ ...headers, host: `${hostname}:${port}`, "content-length": String(Buffer.byteLength(body)), connection: "close" }).map(([k, v]) => `${k}: ${v}\r\n`);
  socket.write(`${method} ${path} HTTP/1.1\r\n${head.join("")}\r\n${body}`);
  return { answered: closed.then(() => ({ status: Number(text.split(" ")[1]), body: JSON.parse(text.slice(text.indexOf("\r\n\r\n") + 4)) })) };
}

describe("a node paused for 10 s while it holds a lobby", () => {
  test("the lobby plays on elsewhere; the woken node writes nothing and says nothing more to its old pages", async () => {
    const { cluster } = use;
    const party = await use.party(["websocket", "stream", "websocket", "stream"]);
    const app = { url: cluster.url };
    const [blueCaptain, redCaptain] = party.players;
    await startGame(app, blueCaptain!.seat, 3, SHORT_ROUND_S);
    const { endsAt } = await startRound(app, blueCaptain!.seat);
    await submit(app, blueCaptain!.seat, 1, BLUE_ANSWER);
    const before = await lobbyData(app, party.code);
    const stale = await holder(cluster, party.code);
    const node = cluster.node(stale.node);

    // The wait is real time (a short round: tests/support/short-timings.ts): the node's own round timer is what is under test.
    await Bun.sleep(Math.max(0, endsAt - DEADLINE_INTO_PAUSE_MS - Date.now()));
    expect(endsAt - Date.now()).toBeGreaterThan(DEADLINE_INTO_PAUSE_MS - 1_000);
    const marks = party.sockets.map((s) => s.mark());
    const pausedAt = Date.now();
    node.pause();
    let resumedAt = Number.POSITIVE_INFINITY;
    let owner: Holder | undefined;
    try {
      // Back in play on another node, and the round ended there on its deadline.
      await Promise.all(party.sockets.map((s) => s.waitFor("lobby-updated", isSnapshot, CLUSTER_WAIT_MS)));
      const backMs = party.sockets.map((s, i) => s.arrivals[s.log.findIndex((r) => r.seq >= marks[i]! && r.event === "lobby-updated")]! - pausedAt);
      console.log(`${stale.node} paused: pages back after ${backMs.join(", ")} ms`);
      const results = await Promise.all(party.sockets.map((s) => s.waitFor("round-results", (p) => p.round.number === 1, CLUSTER_WAIT_MS)));
      for (const r of results) expect(r.round).toMatchObject({ number: 1, blueAnswer: BLUE_ANSWER, redAnswer: null });
      owner = await holder(cluster, party.code);
      expect(owner.node).not.toBe(stale.node);
      expect(owner.live).toBe(true);

      // Red's answer for the round that is over, sent to the stale node itself while it sleeps.
      const { answered } = await queuedRequest(node.url, "POST", "/api/lobby/submitAnswer", { "content-type": "application/json", authorization: `Bearer ${redCaptain!.seat.token}` }, JSON.stringify({ roundNumber: 1, answer: "Red, too late", isSteal: false }));
      await Bun.sleep(Math.max(0, pausedAt + PAUSE_MS - Date.now()));
      resumedAt = Date.now();
      node.resume();

      // Its timer and the request find it is not the lobby's node any more: refused, nothing written.
      const refused = await answered;
      expect(refused.status).toBe(503);
      console.log(`the request waiting on ${stale.node} when it woke was answered ${refused.status}: ${refused.body.message}`);
    } finally {
      node.resume();
    }
    // Nothing of the stale node's was written: the round stands as the new owner judged it, red's late
    // answer nowhere. (Read from Redis: the woken node is back in HAProxy, and the lobby may already be
    // on its way back to it, which the move interval allows only from a live, new incarnation.)
    const now = await holder(cluster, party.code);
    expect(now.incarnation).not.toBe(stale.incarnation);
    expect(now.epoch).toBeGreaterThanOrEqual(owner!.epoch);
    const { game } = (await stored(cluster, party.code)).state;
    expect(game.rounds).toHaveLength(1);
    expect(game.rounds[0].plays).toMatchObject({ blue: { answer: BLUE_ANSWER }, red: { answer: null } });
    expect(game.scores).toEqual({ blue: before.gameState.scores.blue + game.rounds[0].plays.blue.points, red: before.gameState.scores.red + game.rounds[0].plays.red.points });
    expect(output.some((line) => line.startsWith(`${stale.node}: cluster: lease of ${stale.node}:${stale.incarnation} ran out; dropping its lobbies`))).toBe(true);

    for (const [i, s] of party.sockets.entries()) {
      // Its connection to the stale node was cut before it woke, with nothing heard on it after the pause began.
      const [cut] = s.losses;
      expect({ page: s.label, cutBeforeWaking: cut!.at < resumedAt, heardAfterPause: cut!.logged - marks[i]! }).toEqual({ page: s.label, cutBeforeWaking: true, heardAfterPause: 0 });
      // Judged once, by the node that took it over.
      expect(s.since(marks[i]!).filter((e) => e.event === "round-results")).toHaveLength(1);
    }
  }, 60_000);
});
