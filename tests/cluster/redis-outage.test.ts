// Redis down for 5 s under a cluster in play (docs/cluster.md "Owning a lobby"): Redis is killed with
// SIGKILL mid-round and started again on its port and append-only file. Meanwhile every command is
// refused with 503 and nothing of it is applied; afterwards the lobby is as it was plus what was
// acknowledged, and play resumes by itself: the pages come back, commands succeed.
import { describe, expect, test } from "bun:test";
import { call } from "../support/app";
import { CLUSTER_WAIT_MS, holder, isSnapshot, stored } from "../support/cluster-party";
import { startGame, startRound, submit } from "../support/rest";
import { useCluster } from "../support/use-cluster";

const OUTAGE_MS = 5000;
/** Redis back, the nodes renew their leases, HAProxy sees them (2 checks), and each page's next attempt comes (up to 5 s apart by then). */
const BACK_AFTER_REDIS_MS = 12_000;
const BLUE_ANSWER = "Blue's answer before the outage";

const use = useCluster();

/** The stored lobby without who is connected at the moment: that changes as pages drop and come back. */
function withoutPresence(state: any): any {
  const { hostAwaySince: _away, ...rest } = state;
  return { ...rest, players: state.players.map(({ connected: _c, ...p }: { connected: boolean }) => p) };
}

describe("Redis down for 5 s", () => {
  test("commands answer 503 and change nothing; play resumes by itself once it is back", async () => {
    const { cluster } = use;
    const party = await use.party(["websocket", "stream", "websocket", "stream"]);
    const app = { url: cluster.url };
    const [blueCaptain, redCaptain, talker] = party.players;
    await startGame(app, blueCaptain!.seat, 3, 60);
    await startRound(app, blueCaptain!.seat);
    await submit(app, blueCaptain!.seat, 1, BLUE_ANSWER);
    talker!.socket.emit("chat-message", { message: "said before the outage", chatType: "game" });
    // Heard on every socket before the marks: each hears its lobby's events in order, so the blue
    // answer's event is in each log before the marks too (a loaded machine delivered it after them).
    await Promise.all(party.sockets.map((s) => s.waitFor("chat-message", (m) => m.message === "said before the outage", CLUSTER_WAIT_MS)));
    const owner = cluster.node((await holder(cluster, party.code)).node);
    const before = await stored(cluster, party.code);
    const marks = party.sockets.map((s) => s.mark());

    const downAt = Date.now();
    await cluster.redis.kill9();
    // Straight to the lobby's node, before its lease has run out, and through HAProxy: refused either way.
    const red = { roundNumber: 1, answer: "Red's answer in the outage", isSteal: false };
    const direct = await call({ url: owner.url }, "POST", "/api/lobby/submitAnswer", { token: redCaptain!.seat.token, body: red });
    // Refused as unreachable, or, if the node sent it before it saw the connection go, as not known to
    // be written: then the node lets the lobby go, to read it again from Redis.
    expect(direct).toEqual({ status: 503, body: { success: false, message: expect.stringMatching(/shared store|moved/) } });
    talker!.socket.emit("chat-message", { message: "said in the outage", chatType: "game" });
    await Promise.race([talker!.socket.waitFor("socket-error", (e) => e.event === "chat-message", CLUSTER_WAIT_MS), talker!.socket.untilDisconnected(1, CLUSTER_WAIT_MS)]);
    // Once the leases have run out, the nodes drop their lobbies and tell their pages to come back.
    await Promise.all(party.sockets.map((s) => s.untilDisconnected(1, CLUSTER_WAIT_MS)));
    const proxied = await call(app, "POST", "/api/lobby/submitAnswer", { token: redCaptain!.seat.token, body: red });
    expect(proxied.status).toBe(503);
    // Still up for HAProxy: every node lost Redis alike (docs/decisions.md "Many machines", /healthz).
    expect((await fetch(`${owner.url}/healthz`)).status).toBe(200);

    await Bun.sleep(Math.max(0, downAt + OUTAGE_MS - Date.now()));
    const upAt = Date.now();
    await cluster.redis.start(CLUSTER_WAIT_MS);

    // Nobody does anything: the nodes find Redis again, the pages find their lobby again.
    await Promise.all(party.sockets.map((s) => s.waitFor("lobby-updated", (p) => isSnapshot(p), BACK_AFTER_REDIS_MS)));
    const backMs = party.sockets.map((s, i) => s.arrivals[s.log.findIndex((r) => r.seq >= marks[i]! && r.event === "lobby-updated" && isSnapshot(r.payload))]! - upAt);
    console.log(`Redis down ${upAt - downAt} ms: pages back ${backMs.join(", ")} ms after it was`);
    // As it was before, the refused answer and line nowhere (only who is connected moved meanwhile).
    const after = await stored(cluster, party.code);
    expect(withoutPresence(after.state)).toEqual(withoutPresence(before.state));
    expect(after.chat).toEqual(before.chat);
    for (const s of party.sockets) expect(s.since(marks[party.sockets.indexOf(s)]!).filter((e) => e.event === "team-answer-submitted" || (e.event === "chat-message" && e.payload.message === "said in the outage"))).toEqual([]);

    // Commands succeed again: red's answer ends the round, chat is heard.
    await submit(app, redCaptain!.seat, 1, "Red's answer after the outage");
    const results = await Promise.all(party.sockets.map((s) => s.waitFor("round-results", (p) => p.round.number === 1, CLUSTER_WAIT_MS)));
    for (const r of results) expect(r.round).toMatchObject({ blueAnswer: BLUE_ANSWER, redAnswer: "Red's answer after the outage" });
    talker!.socket.emit("chat-message", { message: "said after the outage", chatType: "game" });
    await Promise.all(party.sockets.map((s) => s.waitFor("chat-message", (m) => m.message === "said after the outage", CLUSTER_WAIT_MS)));
    expect((await stored(cluster, party.code)).chat.map((m) => m.message)).toEqual([...before.chat.map((m) => m.message), "said after the outage"]);
  }, 60_000);
});
