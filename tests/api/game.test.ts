// The game calls over real HTTP: start, startRound, submitAnswer, overrule and returnToLobby, their
// refusals, and a whole two-round game played over REST alone with a fake clock.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { call, type TestApp } from "../support/app";
import type { FakeClock } from "../support/fake-clock";
import { startHarness } from "../support/party";
import { expectFailure, fixedQuestions, joinLobby, lobbyData, party, refused, type Seat, waitForPhase } from "../support/rest";

let clock: FakeClock;
let app: TestApp;
beforeAll(async () => {
  ({ app, clock } = await startHarness({}, fixedQuestions));
});
afterAll(() => app.dispose());

const post = (path: string, token: string, body?: unknown, target: { url: string } = app) => call(target, "POST", `/api/lobby/${path}`, { token, body });

/**
 * A lobby of four with captains and settings: Hana (host, blue captain), Ravi (red captain), Bo
 * (blue) and Cy (red). With `start`, the game is started and idle.
 */
async function table(target: TestApp = app, { rounds = 2, roundLimit = 30, start = true } = {}) {
  const { code, host, players } = await party(target, "Ravi", "Bo", "Cy");
  const [ravi, bo, cy] = players as [Seat, Seat, Seat];
  expect((await post("updateSettings", host.token, { settings: { rounds, roundLimit, tags: ["General"] } }, target)).status).toBe(200);
  if (start) expect((await post("start", host.token, undefined, target)).status).toBe(200);
  return { code, host, ravi, bo, cy };
}

const submit = (seat: Seat, code: string, team: "blue" | "red", roundNumber: number, answer: string, isSteal = false, target: TestApp = app) =>
  post("submitAnswer", seat.token, { code, isSteal, answer, playerId: seat.id, team, roundNumber }, target);

describe("POST /api/lobby/start", () => {
  test("the host starts: success, message and the lobby with an idle game of the set rounds", async () => {
    const { host, code } = await table(app, { rounds: 3, start: false });
    const res = await post("start", host.token);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, message: expect.any(String), lobby: await lobbyData(app, code) });
    expect(res.body.lobby.gameState).toEqual({
      phase: "idle",
      currentRoundNumber: 0,
      totalRounds: 3,
      currentRound: null,
      locked: { blue: false, red: false },
      scores: { blue: 0, red: 0 },
      rounds: [],
      paused: false,
      pausedAt: null,
    });
  });

  test("without a player on each team it is a 409; a second start while a game runs is a 409", async () => {
    const { code, host } = await party(app);
    expect((await refused(app, code, 409, () => post("start", host.token))).body.message).toBe("Red Team needs a player");
    await joinLobby(app, code, "Ravi");
    expect((await post("start", host.token)).status).toBe(200);
    await refused(app, code, 409, () => post("start", host.token));
  });
});

describe("POST /api/lobby/startRound", () => {
  test("the host opens a round: success, roundNumber and endsAt one round limit from now; the code may be lower case", async () => {
    const { code, host } = await table(app, { roundLimit: 45 });
    const now = clock.now();
    const res = await post("startRound", host.token, { code: code.toLowerCase() });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, roundNumber: 1, endsAt: now + 45_000 });
    const game = (await lobbyData(app, code)).gameState;
    expect(game.phase).toBe("question");
    expect(game.currentRound).toEqual({ number: 1, question: "What is the capital of Australia?", category: "General", endsAt: now + 45_000 });
    // The correct answer is only ever sent with the results.
    expect(JSON.stringify(game).toLowerCase()).not.toContain("canberra");
  });

  test("a non-host is refused with 403, a round already open with 409, no game with 409", async () => {
    const { code, host, ravi, bo } = await table(app);
    await refused(app, code, 403, () => post("startRound", ravi.token, { code }));
    expect((await post("startRound", host.token, { code })).status).toBe(200);
    await refused(app, code, 409, () => post("startRound", host.token, { code }));
    await refused(app, code, 403, () => post("startRound", bo.token, { code }));

    const idle = await table(app, { start: false });
    await refused(app, idle.code, 409, () => post("startRound", idle.host.token, { code: idle.code }));
  });

  test("a replayed Next Round naming a round already started is a 409 and starts nothing", async () => {
    const { code, host, bo, ravi } = await table(app, { rounds: 3 });
    expect((await post("startRound", host.token, { code, roundNumber: 1 })).status).toBe(200);
    await submit(bo, code, "blue", 1, "Canberra");
    await submit(ravi, code, "red", 1, "Sydney");
    await waitForPhase(app, code, "results");
    expect((await post("startRound", host.token, { code, roundNumber: 2 })).status).toBe(200);
    await submit(bo, code, "blue", 2, "x");
    await submit(ravi, code, "red", 2, "y");
    await waitForPhase(app, code, "results");
    // The same call again, after round 2's results: without the round number it would open round 3.
    const replay = await refused(app, code, 409, () => post("startRound", host.token, { code, roundNumber: 2 }));
    expect(replay.body.message).toBe("Round 2 has already started");
    await refused(app, code, 409, () => post("startRound", host.token, { code, roundNumber: 4 }));
    expect((await lobbyData(app, code)).gameState.currentRoundNumber).toBe(2);
    expect((await post("startRound", host.token, { code, roundNumber: 3 })).body).toMatchObject({ success: true, roundNumber: 3 });
  });

  test("a round number that is not a whole number from 1 is a 400", async () => {
    const { code, host } = await table(app);
    for (const roundNumber of [0, 1.5, "2", -1]) await refused(app, code, 400, () => post("startRound", host.token, { code, roundNumber }));
  });

  test("a malformed code in the body is a 400", async () => {
    const { code, host } = await table(app);
    await refused(app, code, 400, () => post("startRound", host.token, { code: "TOOLONG" }));
    await refused(app, code, 400, () => post("startRound", host.token, { code: 42 }));
  });
});

describe("POST /api/lobby/submitAnswer", () => {
  test("any player locks their team's answer: success and message; the room sees only that the team locked", async () => {
    const { code, host, bo } = await table(app);
    await post("startRound", host.token, { code });
    const res = await submit(bo, code, "blue", 1, "Sydney");
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, message: expect.any(String) });
    const game = (await lobbyData(app, code)).gameState;
    expect(game.phase).toBe("question");
    expect(game.locked).toEqual({ blue: true, red: false });
    expect(JSON.stringify(game)).not.toContain("Sydney");
  });

  test("the team and player default to the caller's", async () => {
    const { code, host, cy } = await table(app);
    await post("startRound", host.token, { code });
    expect((await post("submitAnswer", cy.token, { isSteal: true, roundNumber: 1 })).status).toBe(200);
    expect((await lobbyData(app, code)).gameState.locked).toEqual({ blue: false, red: true });
  });

  test("a second lock for the same team is a 409, whoever sends it", async () => {
    const { code, host, bo } = await table(app);
    await post("startRound", host.token, { code });
    expect((await submit(bo, code, "blue", 1, "Sydney")).status).toBe(200);
    await refused(app, code, 409, () => submit(host, code, "blue", 1, "Canberra"));
    await refused(app, code, 409, () => submit(bo, code, "blue", 1, "", true));
  });

  test("answering for the other team or as another player is a 403", async () => {
    const { code, host, ravi, bo } = await table(app);
    await post("startRound", host.token, { code });
    await refused(app, code, 403, () => submit(bo, code, "red", 1, "Canberra"));
    await refused(app, code, 403, () => post("submitAnswer", bo.token, { code, isSteal: false, answer: "Canberra", playerId: ravi.id, team: "red", roundNumber: 1 }));
  });

  test("a wrong round number, no open round, or a blank typed answer are refused", async () => {
    const { code, host, bo } = await table(app);
    await refused(app, code, 409, () => submit(bo, code, "blue", 1, "Canberra"));
    await post("startRound", host.token, { code });
    await refused(app, code, 409, () => submit(bo, code, "blue", 2, "Canberra"));
    await refused(app, code, 400, () => submit(bo, code, "blue", 1, "   "));
  });

  test("missing or mistyped fields are 400s", async () => {
    const { code, host, bo } = await table(app);
    await post("startRound", host.token, { code });
    const bodies = [
      { code, answer: "Canberra", roundNumber: 1 },
      { code, isSteal: false, answer: "Canberra" },
      { code, isSteal: "no", answer: "Canberra", roundNumber: 1 },
      { code, isSteal: false, answer: "Canberra", roundNumber: "1" },
      { code, isSteal: false, answer: "Canberra", roundNumber: 1.5 },
      { code, isSteal: false, answer: 7, roundNumber: 1 },
      { code, isSteal: false, answer: "Canberra", roundNumber: 1, team: "green" },
      { code: "XY", isSteal: false, answer: "Canberra", roundNumber: 1 },
    ];
    for (const body of bodies) await refused(app, code, 400, () => post("submitAnswer", bo.token, body));
  });
});

describe("requests in flight", () => {
  test("an answer whose body is still arriving when the lobby ends is refused, not a crash", async () => {
    const { code, host, bo } = await table(app);
    await post("startRound", host.token, { code });
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let firstPartTaken!: () => void;
    const sending = new Promise<void>((resolve) => (firstPartTaken = resolve));
    const encoder = new TextEncoder();
    let pulls = 0;
    // Pulled only as fetch sends it: the second pull means the request and its first part are on
    // their way, and the rest waits for the gate.
    const body = new ReadableStream<Uint8Array>(
      {
        async pull(controller) {
          if (++pulls === 1) return controller.enqueue(encoder.encode('{"isSteal":true,'));
          firstPartTaken();
          await gate;
          controller.enqueue(encoder.encode('"roundNumber":1}'));
          controller.close();
        },
      },
      { highWaterMark: 0 },
    );
    const pending = fetch(`${app.url}/api/lobby/submitAnswer`, { method: "POST", headers: { authorization: `Bearer ${bo.token}`, "content-type": "application/json" }, body });
    // The lobby ends while Bo's body is still arriving; whether the server has read his token yet or
    // not, the answer must be refused cleanly.
    await sending;
    expect((await post("end", host.token)).status).toBe(200);
    release();
    const res = await pending;
    const answer = { status: res.status, body: (await res.json()) as any };
    expect([401, 404]).toContain(answer.status);
    expectFailure(answer, answer.status);
  });
});

describe("lobby changes during a game", () => {
  test("teams and settings are locked (409)", async () => {
    const { code, host, bo } = await table(app);
    await refused(app, code, 409, () => post("teamSelect", bo.token, { team: "red", isCaptain: false }));
    await refused(app, code, 409, () => post("updateSettings", host.token, { settings: { rounds: 5 } }));
  });

  test("a team losing all its players ends the game", async () => {
    const { code, ravi, cy } = await table(app);
    expect((await post("leave", ravi.token)).status).toBe(200);
    expect((await lobbyData(app, code)).gameState).not.toBeNull();
    expect((await post("leave", cy.token)).status).toBe(200);
    const data = await lobbyData(app, code);
    expect(data.gameState).toBeNull();
    expect(data.redTeam).toEqual([]);
  });
});

describe("POST /api/lobby/returnToLobby", () => {
  test("the host ends the game: success and message, the lobby keeps its teams and has no game", async () => {
    const { code, host, ravi } = await table(app);
    await post("startRound", host.token, { code });
    await refused(app, code, 403, () => post("returnToLobby", ravi.token));
    const res = await post("returnToLobby", host.token);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, message: expect.any(String) });
    const data = await lobbyData(app, code);
    expect(data.gameState).toBeNull();
    expect(data.captains.blue.id).toBe(host.id);
    expect(data.captains.red.id).toBe(ravi.id);
    await refused(app, code, 409, () => post("returnToLobby", host.token));
  });
});

describe("a complete game over REST, two rounds, fake clock", () => {
  test("round 1 ends as soon as both teams lock, round 2 at its deadline; scores follow the DESIGN table", async () => {
    const { app: own, clock: gameClock } = await startHarness({}, fixedQuestions);
    try {
      const { code, host, ravi, bo, cy } = await table(own, { rounds: 2, roundLimit: 30 });
      const data0 = await lobbyData(own, code);
      expect(data0.gameState).toMatchObject({ phase: "idle", totalRounds: 2, scores: { blue: 0, red: 0 } });
      expect(data0.settings).toEqual({ rounds: 2, roundLimit: 30, tags: ["General"] });

      // Round 1: blue (Bo) answers correctly, red (Cy) steals.
      const r1 = await post("startRound", host.token, { code }, own);
      expect(r1.body).toEqual({ success: true, roundNumber: 1, endsAt: gameClock.now() + 30_000 });
      expect((await submit(bo, code, "blue", 1, "canberra", false, own)).status).toBe(200);
      expect((await submit(cy, code, "red", 1, "", true, own)).status).toBe(200);
      const after1 = await waitForPhase(own, code, "results");
      // Red steals and blue answered correctly: red +2, blue 0.
      expect(after1.gameState.rounds).toEqual([
        {
          number: 1,
          question: "What is the capital of Australia?",
          category: "General",
          answer: "Canberra",
          blueAnswer: "canberra",
          redAnswer: null,
          blueSteal: false,
          redSteal: true,
          blueCorrect: true,
          redCorrect: null,
          bluePointsGained: 0,
          redPointsGained: 2,
          winner: "red",
          overruled: [],
          // Who locked each play, named and timed, now that the room may know it.
          blueLockedBy: { playerId: bo.id, name: "Bo", ms: 0 },
          redLockedBy: { playerId: cy.id, name: "Cy", ms: 0 },
        },
      ]);
      expect(after1.gameState.scores).toEqual({ blue: 0, red: 2 });
      expect(after1.gameState.currentRoundNumber).toBe(1);
      // The round timer died with the early end: only the lobby's idle timer is left.
      expect(own.service.timerCount).toBe(1);

      // Round 2: only blue (the host) answers, correctly; red never locks, so the deadline ends it.
      const r2 = await post("startRound", host.token, { code }, own);
      expect(r2.body).toEqual({ success: true, roundNumber: 2, endsAt: gameClock.now() + 30_000 });
      expect((await submit(host, code, "blue", 2, "MARS", false, own)).status).toBe(200);
      await gameClock.advance(29_999);
      expect((await lobbyData(own, code)).gameState.phase).toBe("question");
      await gameClock.advance(2);
      const done = await waitForPhase(own, code, "complete");
      // Red gave no answer and blue answered correctly: blue +1, red 0.
      expect(done.gameState.rounds[1]).toMatchObject({
        number: 2,
        answer: "Mars",
        blueAnswer: "MARS",
        redAnswer: null,
        blueSteal: false,
        redSteal: false,
        bluePointsGained: 1,
        redPointsGained: 0,
        winner: "blue",
      });
      // 0 + 1 for blue, 2 + 0 for red.
      expect(done.gameState.scores).toEqual({ blue: 1, red: 2 });
      expect(done.gameState.currentRoundNumber).toBe(2);

      // The game is over: late answers and further rounds are refused.
      await refused(own, code, 409, () => submit(ravi, code, "red", 2, "Mars", false, own));
      await refused(own, code, 409, () => post("startRound", host.token, { code }, own));

      // Overrule: only the host, only a typed answer, only a new ruling.
      await refused(own, code, 403, () => post("overrule", ravi.token, { roundNumber: 1, team: "blue", correct: false }, own));
      await refused(own, code, 409, () => post("overrule", host.token, { roundNumber: 1, team: "red", correct: true }, own));
      await refused(own, code, 409, () => post("overrule", host.token, { roundNumber: 1, team: "blue", correct: true }, own));
      await refused(own, code, 404, () => post("overrule", host.token, { roundNumber: 3, team: "blue", correct: true }, own));
      await refused(own, code, 400, () => post("overrule", host.token, { roundNumber: 1, team: "blue" }, own));
      const ruled = await post("overrule", host.token, { roundNumber: 1, team: "blue", correct: false }, own);
      expect(ruled.status).toBe(200);
      expect(ruled.body).toEqual({ success: true, message: expect.any(String) });
      // Red's steal now meets a wrong answer: a failed steal, blue +2 and red 0 in round 1.
      const overruled = await lobbyData(own, code);
      expect(overruled.gameState.rounds[0]).toMatchObject({ blueCorrect: false, bluePointsGained: 2, redPointsGained: 0, winner: "blue", overruled: ["blue"] });
      expect(overruled.gameState.scores).toEqual({ blue: 3, red: 0 });

      await refused(own, code, 403, () => post("returnToLobby", bo.token, undefined, own));
      expect((await post("returnToLobby", host.token, undefined, own)).body).toEqual({ success: true, message: expect.any(String) });
      expect((await lobbyData(own, code)).gameState).toBeNull();
    } finally {
      await own.dispose();
    }
  });

  test("overrule before any result is a 409 for the host and a 403 for anyone else", async () => {
    const { code, host, bo } = await table(app);
    await refused(app, code, 409, () => post("overrule", host.token, { roundNumber: 1, team: "blue", correct: true }));
    await refused(app, code, 403, () => post("overrule", bo.token, { roundNumber: 1, team: "blue", correct: true }));
    expectFailure(await post("overrule", "nope", { roundNumber: 1, team: "blue", correct: true }), 401);
  });
});
