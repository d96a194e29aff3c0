// The host's game controls over real HTTP, heard over real sockets (docs/contract.md "The host's game
// controls"): pause and resume, skip, more time; their refusals (403, 409, 400) changing nothing; a
// round timer that passes while paused; all on a fake clock.
import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { unasked } from "../../src/game/same-question";
import type { QuestionSource } from "../../src/lobbies/seams";
import { call, type TestApp } from "../support/app";
import type { FakeClock } from "../support/fake-clock";
import { startHarness } from "../support/party";
import { lobbyData, quizQuestion, refused, seatFour, startGame, startRound, submit, type Four } from "../support/rest";
import { Clients, type Client } from "../support/sockets";

/** Numbered questions without end, none the lobby has asked: a skip always finds another. */
const endless: QuestionSource = { pick: async ({ count, exclude }) => unasked(Array.from({ length: count + exclude.length }, (_, i) => quizQuestion(i + 1)), exclude).slice(0, count) };

let app: TestApp;
let clock: FakeClock;
let clients: Clients;
let four: Four;
let phones: Client[];
beforeEach(async () => {
  ({ app, clock } = await startHarness({}, endless));
  clients = new Clients(app.url, "websocket");
  four = await seatFour(app);
  phones = await Promise.all([four.blue1, four.blue2, four.red1, four.red2].map((s, i) => clients.connect(`p${i}`, s.token)));
});
afterEach(async () => {
  clients.closeAll();
  await app.dispose();
});

const post = (path: string, token: string, body?: unknown) => call(app, "POST", `/api/lobby/${path}`, { token, body });
const LIMIT = 30_000;

async function openRound() {
  await startGame(app, four.blue1, 3, LIMIT / 1000);
  return startRound(app, four.blue1);
}

describe("pause", () => {
  test("stops the clock for everyone; locks are 409 'The game is paused'; the timer passing does nothing; resume moves the deadline by the pause", async () => {
    const { endsAt } = await openRound();
    await clock.advance(10_000);
    const paused = await post("pause", four.blue1.token, { paused: true });
    expect(paused.body).toEqual({ success: true, paused: true });
    for (const phone of phones) {
      const told = await phone.waitFor("game-paused");
      expect(told).toMatchObject({ updateType: "game-paused", paused: true, lobby: { gameState: { paused: true, pausedAt: clock.now() } } });
    }
    const refusal = await refused(app, four.code, 409, () => post("submitAnswer", four.red1.token, { roundNumber: 1, answer: "x", isSteal: false }));
    expect(refusal.body.message).toBe("The game is paused");
    await refused(app, four.code, 409, () => post("submitAnswer", four.red1.token, { roundNumber: 1, answer: "", isSteal: true }));
    // chat goes on
    phones[2]!.emit("chat-message", { message: "doorbell!", chatType: "game" });
    await phones[0]!.waitFor("chat-message", (m) => m.message === "doorbell!");
    // the deadline passes while paused: the round stays open
    await clock.advance(LIMIT + 5_000);
    expect((await lobbyData(app, four.code)).gameState.phase).toBe("question");
    // a replayed pause changes nothing
    expect((await post("pause", four.blue1.token, { paused: true })).body).toEqual({ success: true, paused: true });
    const resumed = await post("pause", four.blue1.token, { paused: false });
    expect(resumed.body).toEqual({ success: true, paused: false });
    const game = (await lobbyData(app, four.code)).gameState;
    expect(game.currentRound.endsAt).toBe(endsAt + LIMIT + 5_000);
    expect(game.currentRound.endsAt - clock.now()).toBe(20_000);
    for (const phone of phones) expect(await phone.waitFor("game-paused", (p) => p.paused === false)).toMatchObject({ lobby: { gameState: { paused: false, currentRound: { endsAt: game.currentRound.endsAt } } } });
    await submit(app, four.red1, 1, "a guess");
    // the round ends at the moved deadline, not before
    await clock.advance(19_000);
    expect((await lobbyData(app, four.code)).gameState.phase).toBe("question");
    await clock.advance(1_000);
    await phones[0]!.waitFor("round-timeup");
  });

  test("the host only (403); outside a game 409; a body without a boolean 400; nothing changes", async () => {
    await refused(app, four.code, 409, () => post("pause", four.blue1.token, { paused: true }));
    await openRound();
    await refused(app, four.code, 403, () => post("pause", four.red1.token, { paused: true }));
    await refused(app, four.code, 400, () => post("pause", four.blue1.token, { paused: "yes" }));
    await refused(app, four.code, 400, () => post("pause", four.blue1.token, {}));
  });
});

describe("skip a question", () => {
  test("every phone gets another question with its full time; the old locks are dropped; it is never asked again", async () => {
    await openRound();
    await submit(app, four.red1, 1, "first guess");
    await clock.advance(12_000);
    const res = await post("skipQuestion", four.blue1.token, { roundNumber: 1 });
    expect(res.body).toEqual({ success: true, roundNumber: 1, endsAt: clock.now() + LIMIT });
    // round 1 of a 3-round game asked questions 1-3 at its start: the next unasked is 4
    for (const phone of phones) {
      const told = await phone.waitFor("question-skipped");
      expect(told).toMatchObject({ roundNumber: 1, skipped: quizQuestion(1).question, endsAt: clock.now() + LIMIT, lobby: { gameState: { currentRound: { question: quizQuestion(4).question }, locked: { blue: false, red: false } } } });
      expect(JSON.stringify(told)).not.toContain(quizQuestion(4).answer);
    }
    // a lock the page sent for the skipped question is refused, not taken for the new one
    const stale = await refused(app, four.code, 409, () => post("submitAnswer", four.red1.token, { roundNumber: 1, answer: "late", isSteal: false, skips: 0 }));
    expect(stale.body.message).toBe("The host skipped that question: answer the new one");
    // red may lock again, on the new question
    await submit(app, four.red1, 1, "second guess");
    const again = await post("skipQuestion", four.blue1.token, { roundNumber: 1 });
    expect(again.status).toBe(200);
    expect((await lobbyData(app, four.code)).gameState.currentRound.question).toBe(quizQuestion(5).question);
  });

  test("non-host 403; a stale round 409; no round open 409; roundNumber missing 400; nothing changes", async () => {
    await startGame(app, four.blue1, 3, 30);
    await refused(app, four.code, 409, () => post("skipQuestion", four.blue1.token, { roundNumber: 1 }));
    await startRound(app, four.blue1);
    await refused(app, four.code, 403, () => post("skipQuestion", four.blue2.token, { roundNumber: 1 }));
    await refused(app, four.code, 409, () => post("skipQuestion", four.blue1.token, { roundNumber: 2 }));
    await refused(app, four.code, 400, () => post("skipQuestion", four.blue1.token, {}));
  });
});

describe("more time", () => {
  test("+30 s moves the deadline for everyone, up to 5 minutes a round in all", async () => {
    const { endsAt } = await openRound();
    const res = await post("addTime", four.blue1.token, { roundNumber: 1, seconds: 30 });
    expect(res.body).toEqual({ success: true, roundNumber: 1, endsAt: endsAt + 30_000 });
    for (const phone of phones) expect(await phone.waitFor("time-added")).toMatchObject({ roundNumber: 1, seconds: 30, lobby: { gameState: { currentRound: { endsAt: endsAt + 30_000 } } } });
    // 30 + 30 + 4 x 60 = 300 s, and then no more
    for (let i = 0; i < 3; i++) expect((await post("addTime", four.blue1.token, { roundNumber: 1, seconds: 60 })).status).toBe(200);
    const last = await post("addTime", four.blue1.token, { roundNumber: 1, seconds: 60 });
    expect(last.body.endsAt).toBe(endsAt + 270_000);
    expect((await phones[1]!.waitFor("time-added", (p) => p.seconds === 60 && p.lobby.gameState.currentRound.endsAt === endsAt + 270_000)).seconds).toBe(60);
    await refused(app, four.code, 409, () => post("addTime", four.blue1.token, { roundNumber: 1, seconds: 10 }));
  });

  test("seconds outside 10-60 or not a number 400; non-host 403; stale round or no round 409; nothing changes", async () => {
    await startGame(app, four.blue1, 3, 30);
    await refused(app, four.code, 409, () => post("addTime", four.blue1.token, { roundNumber: 1, seconds: 30 }));
    await startRound(app, four.blue1);
    for (const seconds of [9, 61, "30", null, 12.5]) await refused(app, four.code, 400, () => post("addTime", four.blue1.token, { roundNumber: 1, seconds }));
    await refused(app, four.code, 400, () => post("addTime", four.blue1.token, { roundNumber: 1 }));
    await refused(app, four.code, 403, () => post("addTime", four.red2.token, { roundNumber: 1, seconds: 30 }));
    await refused(app, four.code, 409, () => post("addTime", four.blue1.token, { roundNumber: 2, seconds: 30 }));
  });
});
