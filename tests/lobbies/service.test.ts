// The lobby service with a fake clock, a temp-file store and fake seams: timers, judging, expiry,
// ending and restarting. No test sleeps: time moves only by await clock.advance().
import { describe, expect, test } from "bun:test";
import type { Command } from "../../src/game/commands";
import type { AnswerJudge } from "../../src/lobbies/seams";
import { accepted, question } from "../support/builders";
import { FakeClock } from "../support/fake-clock";
import { GatedJudge } from "../support/model/harness";
import { useTempStores } from "../support/temp-stores";
import { FakeJudge, RED, readyGame, serviceOn, settle, submit } from "../support/service-harness";

const temp = useTempStores("service");

async function boot(clock: FakeClock, opts: { judge?: AnswerJudge; idleMs?: number; hostGraceMs?: number } = {}) {
  const store = temp.store();
  return { ...(await serviceOn(store, clock, opts)), store };
}

describe("a full game of 3 rounds ended by the clock", () => {
  test("each round ends exactly at endsAt, is judged, and the last completes the game", async () => {
    const clock = new FakeClock();
    const { service, out } = await boot(clock);
    const { code, host } = await readyGame(service, { rounds: 3, roundLimit: 15 });
    expect(out.events("game-started")).toHaveLength(1);
    const phase = () => service.get(code)!.game!.phase;

    // One team locks per round, so every round runs to its deadline.
    // Round 1: blue right, red silent. Round 2: red right, blue silent. Round 3: red steals, blue silent: a failed steal.
    const plays: ((n: number) => Command)[] = [
      (n) => submit(host, "blue", n, question(n).answer),
      (n) => submit("dee", "red", n, question(n).answer),
      (n) => submit(RED, "red", n, "", true),
    ];
    for (let n = 1; n <= 3; n++) {
      accepted(await service.dispatch(code, { type: "startRound", by: host }));
      expect(phase()).toBe("question");
      const endsAt = service.get(code)!.game!.currentRound!.endsAt;
      expect(endsAt).toBe(clock.now() + 15_000);
      accepted(await service.dispatch(code, plays[n - 1]!(n)));

      await clock.advance(15_000 - 1);
      expect(phase()).toBe("question");
      expect(out.events("round-timeup")).toHaveLength(n - 1);

      await clock.advance(1);
      expect(out.events("round-timeup")).toHaveLength(n);
      expect(out.events("answer-processing-started")).toHaveLength(n);
      await settle();
      expect(out.events("round-results")).toHaveLength(n);
    }

    const game = service.get(code)!.game!;
    expect(game.phase).toBe("complete");
    expect(game.rounds.map((r) => [r.plays.blue.points, r.plays.red.points])).toEqual([[1, 0], [0, 1], [2, 0]]);
    expect(game.rounds.map((r) => r.winner)).toEqual(["blue", "red", "blue"]);
    expect(game.scores).toEqual({ blue: 3, red: 1 });
    expect(out.events("round-results").map((e) => (e.payload as { gameComplete: boolean }).gameComplete)).toEqual([false, false, true]);
    // Only the idle timer is left.
    expect(service.timerCount).toBe(1);
  });
});

describe("a round ended early", () => {
  test("both teams locking ends it at once; the old deadline never fires", async () => {
    const clock = new FakeClock();
    const { service, out } = await boot(clock);
    const { code, host } = await readyGame(service, { roundLimit: 60 });
    accepted(await service.dispatch(code, { type: "startRound", by: host }));
    expect(service.timerCount).toBe(2); // idle + round end
    await clock.advance(5_000);
    accepted(await service.dispatch(code, submit(host, "blue", 1, "Quokka1")));
    accepted(await service.dispatch(code, submit(RED, "red", 1, "", true)));
    expect(out.events("answer-processing-started")).toHaveLength(1);
    expect(service.timerCount).toBe(1);
    await settle();
    const results = out.events("round-results");
    expect(results).toHaveLength(1);
    expect(results[0]!.payload).toMatchObject({ round: { blueCorrect: true, redSteal: true, bluePointsGained: 0, redPointsGained: 2, winner: "red" }, scores: { blue: 0, red: 2 } });
    await clock.advance(120_000);
    expect(out.events("round-timeup")).toHaveLength(0);
    expect(out.events("round-results")).toHaveLength(1);
  });
});

describe("the judge seam", () => {
  test("is asked about typed answers only, never about a steal or a missing lock", async () => {
    const clock = new FakeClock();
    const judge = new FakeJudge();
    const { service } = await boot(clock, { judge });
    const { code, host } = await readyGame(service);
    accepted(await service.dispatch(code, { type: "startRound", by: host }));
    accepted(await service.dispatch(code, submit("cy", "blue", 1, "  Wallaby ")));
    accepted(await service.dispatch(code, submit("dee", "red", 1, "", true)));
    await settle();
    expect(judge.calls).toEqual([{ question: question(1), given: "Wallaby" }]);

    accepted(await service.dispatch(code, { type: "startRound", by: host }));
    await clock.advance(15_000); // nobody locked
    await settle();
    expect(judge.calls).toHaveLength(1);
    expect(service.get(code)!.game!.rounds[1]).toMatchObject({ plays: { blue: { answer: null, points: 0 }, red: { answer: null, points: 0 } }, winner: "tie" });
  });

  const throwing: [string, AnswerJudge][] = [
    ["rejects", { judge: async () => Promise.reject(new Error("AI is down")) }],
    ["throws", { judge: () => { throw new Error("AI is down"); } }],
  ];
  for (const [how, judge] of throwing) {
    test(`a judge that ${how} counts as wrong and the round still ends`, async () => {
      const clock = new FakeClock();
      const { service, out } = await boot(clock, { judge });
      const { code, host } = await readyGame(service);
      accepted(await service.dispatch(code, { type: "startRound", by: host }));
      accepted(await service.dispatch(code, submit(host, "blue", 1, "Quokka1")));
      accepted(await service.dispatch(code, submit(RED, "red", 1, "Quokka1")));
      await settle();
      expect(out.events("round-results")).toHaveLength(1);
      expect(service.get(code)!.game!.rounds[0]).toMatchObject({ plays: { blue: { correct: false, points: 0 }, red: { correct: false, points: 0 } } });
      expect(service.get(code)!.game!.phase).toBe("results");
    });
  }
});

describe("a slow judge", () => {
  // Found by tests/game/model.property.test.ts: verdicts for a game the host left landed on the
  // next game's round of the same number and scored its answers.
  test("verdicts on a game that was left are dropped; the new round gets its own", async () => {
    const clock = new FakeClock();
    const judge = new GatedJudge();
    const { service } = await boot(clock, { judge });
    const { code, host } = await readyGame(service);
    accepted(await service.dispatch(code, { type: "startRound", by: host }));
    accepted(await service.dispatch(code, submit(host, "blue", 1, question(1).answer)));
    accepted(await service.dispatch(code, submit(RED, "red", 1, "Emu")));
    await settle();
    expect(judge.waiting).toBe(2);
    accepted(await service.dispatch(code, { type: "returnToLobby", by: host }));
    accepted(await service.startGame(code, host));
    accepted(await service.dispatch(code, { type: "startRound", by: host }));
    accepted(await service.dispatch(code, submit(host, "blue", 1, "Wrong")));
    accepted(await service.dispatch(code, submit(RED, "red", 1, "", true)));
    await settle();
    judge.release(2); // the old game's: blue right, red wrong
    await settle();
    expect(service.get(code)!.game!.phase).toBe("judging");
    judge.release();
    await settle();
    expect(service.get(code)!.game!.rounds[0]).toMatchObject({ plays: { blue: { answer: "Wrong", correct: false, points: 2 }, red: { steal: true, points: 0 } } });
  });
});

describe("lobby lifetime", () => {
  test("an idle lobby expires after the idle time: lobby-ended, closed, forgotten, no timers", async () => {
    const clock = new FakeClock();
    const { service, out, store } = await boot(clock, { idleMs: 60_000 });
    const created = await service.create("Host");
    if (!created.ok) throw new Error(created.message);
    const code = created.state.code;
    await clock.advance(59_999);
    expect(service.get(code)).toBeDefined();
    expect(out.events("lobby-ended")).toHaveLength(0);
    await clock.advance(1);
    expect(service.get(code)).toBeUndefined();
    expect(out.events("lobby-ended")).toEqual([
      { code, to: { kind: "room" }, event: "lobby-ended", payload: { lobbyCode: code, reason: "The lobby closed after being idle too long", updateType: "lobby-ended", lobby: expect.objectContaining({ code }) } },
    ]);
    expect(out.closed).toEqual([code]);
    expect(service.timerCount).toBe(0);
    expect(clock.timers).toBe(0);
    expect((await store.loadAll())).toEqual([]);
  });

  test("activity postpones expiry", async () => {
    const clock = new FakeClock();
    const { service } = await boot(clock, { idleMs: 60_000 });
    const created = await service.create("Host");
    if (!created.ok) throw new Error(created.message);
    await clock.advance(30_000);
    accepted(await service.dispatch(created.state.code, { type: "join", playerId: "bea", name: "Bea" }));
    await clock.advance(59_999);
    expect(service.get(created.state.code)).toBeDefined();
    await clock.advance(1);
    expect(service.get(created.state.code)).toBeUndefined();
  });

  test("endLobby mid-round leaves no timer and no lobby", async () => {
    const clock = new FakeClock();
    const { service, out, store } = await boot(clock);
    const { code, host } = await readyGame(service);
    accepted(await service.dispatch(code, { type: "startRound", by: host }));
    expect(service.timerCount).toBe(2);
    accepted(await service.dispatch(code, { type: "endLobby", by: host }));
    expect(service.timerCount).toBe(0);
    expect(clock.timers).toBe(0);
    expect(service.get(code)).toBeUndefined();
    expect(out.events("lobby-ended")).toHaveLength(1);
    expect(out.closed).toEqual([code]);
    expect((await store.loadAll())).toEqual([]);
    await clock.advance(60 * 60_000);
    expect(out.events("round-timeup")).toHaveLength(0);
  });

  test("the last player leaving ends the lobby", async () => {
    const clock = new FakeClock();
    const { service, out } = await boot(clock);
    const created = await service.create("Host");
    if (!created.ok) throw new Error(created.message);
    accepted(await service.dispatch(created.state.code, { type: "leave", playerId: created.playerId }));
    expect(service.get(created.state.code)).toBeUndefined();
    expect(service.timerCount).toBe(0);
    expect(out.events("lobby-ended")).toHaveLength(1);
  });
});

describe("host hand-off on the lobby's clock", () => {
  test("a host away for the grace period while others play: the role passes when the timer fires, not before", async () => {
    const clock = new FakeClock();
    const { service, out } = await boot(clock, { hostGraceMs: 5_000 });
    const { code, host } = await readyGame(service);
    for (const id of [host, RED, "cy"]) accepted(await service.dispatch(code, { type: "presence", playerId: id, connected: true }));
    accepted(await service.dispatch(code, { type: "startRound", by: host }));
    accepted(await service.dispatch(code, { type: "presence", playerId: host, connected: false }));
    await clock.advance(4_999);
    expect(service.get(code)!.hostId).toBe(host);
    await clock.advance(1);
    expect(service.get(code)!.hostId).toBe(RED);
    expect(out.events("host-changed").map((e) => e.payload)).toEqual([expect.objectContaining({ hostId: RED, previousHostId: host, reason: "disconnected" })]);
    // Deadlines never waited for the host: the round still ends on time, and the new host goes on.
    await clock.advance(15_000);
    await settle();
    expect(service.get(code)!.game!.phase).toBe("results");
    accepted(await service.dispatch(code, { type: "startRound", by: RED }));
    expect(service.timerCount).toBe(2); // idle expiry and the round; the grace timer is gone
  });

  test("after a restart the host's grace runs from the restart; a player back in time changes nothing, one back later takes the role", async () => {
    const clock = new FakeClock();
    const first = await boot(clock, { hostGraceMs: 5_000 });
    const { code, host } = await readyGame(first.service);
    accepted(await first.service.dispatch(code, { type: "presence", playerId: host, connected: true }));
    first.service.shutdown();
    await first.store.close();

    const second = await boot(clock, { hostGraceMs: 5_000 });
    await clock.advance(2_000);
    accepted(await second.service.dispatch(code, { type: "presence", playerId: "cy", connected: true }));
    expect(second.service.get(code)!.hostId).toBe(host);
    await clock.advance(3_000);
    expect(second.service.get(code)!.hostId).toBe("cy");
    expect(second.out.events("host-changed")).toHaveLength(1);
  });
});

describe("restart", () => {
  test("a lobby restored mid-round ends the round at its saved endsAt; players come back disconnected", async () => {
    const clock = new FakeClock();
    const first = await boot(clock);
    const { code, host } = await readyGame(first.service, { roundLimit: 30 });
    accepted(await first.service.dispatch(code, { type: "presence", playerId: host, connected: true }));
    accepted(await first.service.dispatch(code, { type: "presence", playerId: RED, connected: true }));
    accepted(await first.service.dispatch(code, { type: "startRound", by: host }));
    const endsAt = first.service.get(code)!.game!.currentRound!.endsAt;
    accepted(await first.service.dispatch(code, submit(host, "blue", 1, "Quokka1")));
    const seatedBefore = first.service.get(code)!.players.map((p) => [p.id, p.team, p.isCaptain, p.isHost]);
    await clock.advance(10_000);

    // The process dies: its timers with it.
    first.service.shutdown();
    await first.store.close();
    expect(clock.timers).toBe(0);

    const second = await boot(clock);
    const state = second.service.get(code)!;
    expect(state.game!.phase).toBe("question");
    expect(state.game!.currentRound!.endsAt).toBe(endsAt);
    expect(state.game!.currentRound!.locks.blue).toMatchObject({ answer: "Quokka1", isSteal: false });
    expect(state.players.map((p) => [p.id, p.team, p.isCaptain, p.isHost])).toEqual(seatedBefore);
    expect(state.players.every((p) => p.connected === false)).toBe(true);

    await clock.advance(endsAt - clock.now() - 1);
    expect(second.service.get(code)!.game!.phase).toBe("question");
    expect(second.out.events("round-timeup")).toHaveLength(0);

    await clock.advance(1);
    expect(second.out.events("round-timeup")).toHaveLength(1);
    await settle();
    expect(second.service.get(code)!.game!.phase).toBe("results");
    expect(second.out.events("round-results")[0]!.payload).toMatchObject({ round: { blueAnswer: "Quokka1", bluePointsGained: 1, redPointsGained: 0 }, scores: { blue: 1, red: 0 } });
  });

  test("a round interrupted while judging is judged after the restart", async () => {
    const clock = new FakeClock();
    const first = await boot(clock, { judge: { judge: () => new Promise<boolean>(() => {}) } });
    const { code, host } = await readyGame(first.service);
    accepted(await first.service.dispatch(code, { type: "startRound", by: host }));
    accepted(await first.service.dispatch(code, submit(host, "blue", 1, "Quokka1")));
    accepted(await first.service.dispatch(code, submit(RED, "red", 1, "Emu")));
    expect(first.service.get(code)!.game!.phase).toBe("judging");
    first.service.shutdown();
    await first.store.close();

    const judge = new FakeJudge();
    const second = await boot(clock, { judge });
    await settle();
    expect(judge.calls.map((c) => c.given).sort()).toEqual(["Emu", "Quokka1"]);
    expect(second.service.get(code)!.game!.rounds[0]).toMatchObject({ plays: { blue: { correct: true, points: 1 }, red: { correct: false, points: 0 } } });
  });

  test("a lobby saved longer ago than the idle time is not restored", async () => {
    const clock = new FakeClock();
    const first = await boot(clock, { idleMs: 60_000 });
    const created = await first.service.create("Host");
    if (!created.ok) throw new Error(created.message);
    first.service.shutdown();
    await first.store.close();
    await clock.advance(60_000);
    const second = await boot(clock, { idleMs: 60_000 });
    expect(second.service.get(created.state.code)).toBeUndefined();
    expect(second.service.size).toBe(0);
  });

  test("chat counts as activity across a restart: the idle time runs from the last message", async () => {
    const clock = new FakeClock();
    const first = await boot(clock, { idleMs: 60_000 });
    const created = await first.service.create("Host");
    if (!created.ok) throw new Error(created.message);
    await clock.advance(50_000);
    accepted(await first.service.dispatch(created.state.code, { type: "chat", playerId: created.playerId, message: "still here", chatType: "game" }));
    first.service.shutdown();
    await first.store.close();
    await clock.advance(20_000); // 70 s after the lobby's row was written, 20 s after the chat line
    const second = await boot(clock, { idleMs: 60_000 });
    expect(second.service.get(created.state.code)?.chat.map((m) => m.message)).toEqual(["still here"]);
    await clock.advance(39_999);
    expect(second.service.get(created.state.code)).toBeDefined();
    await clock.advance(1);
    expect(second.service.get(created.state.code)).toBeUndefined();
  });
});
