// The attacks: a red player opened a second tab and joined mid-round: seated on the
// smaller team (blue), the snapshot handed them blue's lock and blue's team chat, and they could
// lock a junk answer for blue. A kicked "Pat" joined again as "Pat" at once. Now a latecomer
// watches the open round, and the host can lock the lobby.
import { describe, expect, test } from "bun:test";
import { call } from "../support/app";
import { joinLobby, ok, startGame, submit } from "../support/rest";
import { useRealtime } from "../support/party";
import { flush } from "../support/sockets";

describe("a latecomer sits out the open round", () => {
  const { seat } = useRealtime("websocket");

  test("a spy who joins mid-round sees neither blue's lock nor its earlier team chat, cannot lock for blue, and plays from the next round", async () => {
    const { app, clients, four, blue1, blue2, red1 } = await seat();
    // Two a team: the spy lands on blue (the smaller team, blue on a tie).
    await startGame(app, four.blue1, 2);
    await ok(app, "/api/lobby/startRound", four.blue1.token);
    const plan = "blue-plan: we say Zebra";
    blue1.emit("chat-message", { message: plan, chatType: "team" });
    await blue2.waitFor("chat-message", (m) => m.message === plan);
    await submit(app, four.blue2, 1, "Zebra-secret");

    const spySeat = await joinLobby(app, four.code, "Spy");
    const spy = await clients.connect("Spy");
    const snap = await spy.join(spySeat.token);
    expect(snap.you.team).toBe("blue");
    expect(snap.lock).toBeNull();
    expect(JSON.stringify(snap)).not.toContain("Zebra");
    expect(JSON.stringify(snap)).not.toContain(plan);

    // No lock, no steal for blue this round.
    for (const isSteal of [false, true]) {
      const res = await call(app, "POST", "/api/lobby/submitAnswer", { token: spySeat.token, body: { roundNumber: 1, answer: "garbage", isSteal } });
      expect(res.status).toBe(403);
      expect(res.body.message).toBe("You joined during this round: you play from the next one");
    }

    // Red locks and the round ends: the spy heard only that blue locked, never what.
    await submit(app, four.red1, 1, "red guess");
    await spy.waitFor("round-results");
    const before = spy.log.filter((r) => r.event !== "round-results").map((r) => JSON.stringify(r.payload)).join("\n");
    expect(before).not.toContain("Zebra-secret");

    // From the next round the latecomer plays like anyone.
    await ok(app, "/api/lobby/startRound", four.blue1.token);
    await spy.waitFor("round-started", (p) => p.game.currentRoundNumber === 2);
    await submit(app, spySeat, 2, "my own answer");
    expect(await blue1.waitFor("team-answer-submitted", (p) => p.roundNumber === 2)).toMatchObject({ answer: "my own answer", playerId: spySeat.id });
    await flush(red1);
  });

  test("a latecomer's team learns of a lock in the open round; the latecomer only that it happened", async () => {
    const { app, clients, four, blue1 } = await seat();
    await startGame(app, four.blue1, 2);
    await ok(app, "/api/lobby/startRound", four.blue1.token);
    const lateSeat = await joinLobby(app, four.code, "Kai");
    const kai = await clients.connect("Kai", lateSeat.token);
    await submit(app, four.blue2, 1, "Zebra-secret");
    expect(await blue1.waitFor("team-answer-submitted")).toMatchObject({ answer: "Zebra-secret" });
    expect(await kai.waitFor("team-answer-submitted")).toEqual({ team: "blue", roundNumber: 1 });
  });
});

describe("the host locks the lobby", () => {
  const { seat } = useRealtime("websocket");

  test("only the host may lock; a join while locked, a kicked player's return included, is refused with 403; unlocking lets people in", async () => {
    const { app, four, red1 } = await seat();
    const pat = await joinLobby(app, four.code, "Pat");
    const lock = (token: string, locked: unknown) => call(app, "POST", "/api/lobby/lock", { token, body: { locked } });

    expect((await lock(four.red1.token, true)).status).toBe(403);
    expect((await lock(four.blue1.token, "yes")).status).toBe(400);
    expect((await lock(four.blue1.token, true)).body).toEqual({ success: true, locked: true });
    const told = await red1.waitFor("lobby-locked");
    expect(told.locked).toBe(true);
    expect(told.lobby.locked).toBe(true);

    await ok(app, "/api/lobby/kickPlayer", four.blue1.token, { playerId: pat.id });
    const back = await call(app, "POST", "/api/lobby/join", { body: { code: four.code, playerName: "Pat" } });
    expect(back).toEqual({ status: 403, body: { success: false, message: "The host has locked this lobby" } });
    expect((await call(app, "GET", `/api/lobby/${four.code}`)).body.data.locked).toBe(true);

    expect((await lock(four.blue1.token, false)).body).toEqual({ success: true, locked: false });
    expect((await call(app, "POST", "/api/lobby/join", { body: { code: four.code, playerName: "Nia" } })).status).toBe(200);
  });
});
