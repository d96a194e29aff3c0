// POST /api/lobby/endGame over real HTTP (docs/decisions.md, "The game explains itself"): the host
// stops a running game; judged rounds are kept as a finished game (summary, results download), a game
// with none goes back to the lobby; everyone else is refused, and the round timer dies with it.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { call, type TestApp } from "../support/app";
import { startHarness } from "../support/party";
import { fixedQuestions, lobbyData, party, refused, type Seat, waitForPhase } from "../support/rest";

let app: TestApp;
beforeAll(async () => {
  ({ app } = await startHarness({}, fixedQuestions));
});
afterAll(() => app.dispose());

const post = (path: string, token?: string, body?: unknown) => call(app, "POST", `/api/lobby/${path}`, { token, body });

async function started(rounds: number) {
  const { code, host, players } = await party(app, "Ravi", "Bo");
  const [ravi, bo] = players as [Seat, Seat];
  expect((await post("updateSettings", host.token, { settings: { rounds, roundLimit: 30, tags: ["General"] } })).status).toBe(200);
  expect((await post("start", host.token)).status).toBe(200);
  return { code, host, ravi, bo };
}

describe("POST /api/lobby/endGame", () => {
  test("401 without a session, 403 for a player who is not the host, 409 with no game", async () => {
    const { code, host, ravi } = await started(3);
    await refused(app, code, 401, () => post("endGame"));
    await refused(app, code, 403, () => post("endGame", ravi.token));
    expect((await post("endGame", host.token)).status).toBe(200);
    await refused(app, code, 409, () => post("endGame", host.token));
  });

  test("after a judged round: the game is complete with that round, its results download, and the round timer is gone", async () => {
    const { code, host, ravi } = await started(5);
    await post("startRound", host.token, { code });
    await post("submitAnswer", host.token, { code, isSteal: false, answer: "Canberra", roundNumber: 1 });
    await post("submitAnswer", ravi.token, { code, isSteal: false, answer: "Sydney", roundNumber: 1 });
    await waitForPhase(app, code, "results");
    await post("startRound", host.token, { code });
    const timers = app.service.timerCount;
    const res = await post("endGame", host.token);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, message: "Game ended" });
    expect(app.service.timerCount).toBe(timers - 1);
    const data = await lobbyData(app, code);
    expect(data.gameState).toMatchObject({ phase: "complete", totalRounds: 1, currentRoundNumber: 1, currentRound: null, scores: { blue: 1, red: 0 } });
    const csv = await fetch(`${app.url}/api/lobby/${code}/results/csv`, { headers: { authorization: `Bearer ${ravi.token}` } });
    expect(csv.status).toBe(200);
    expect(await csv.text()).toContain("What is the capital of Australia?");
    expect((await post("returnToLobby", host.token)).status).toBe(200);
    expect((await lobbyData(app, code)).gameState).toBeNull();
  });

  test("before any round was judged: back to the lobby with the teams as they were", async () => {
    const { code, host, ravi } = await started(20);
    await post("startRound", host.token, { code });
    expect((await post("endGame", host.token)).status).toBe(200);
    const data = await lobbyData(app, code);
    expect(data.gameState).toBeNull();
    expect(data.captains.red.id).toBe(ravi.id);
  });
});
