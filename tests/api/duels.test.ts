// Duels over REST (docs/contract.md "Modes"): create with a mode, bad modes, no teams, a played Duel
// with a bye, standings, the overrule by player, and the results per player.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import Papa from "papaparse";
import { call, startTestApp, type TestApp } from "../support/app";
import { FakeClock } from "../support/fake-clock";
import { createLobby, exactJudge, expectFailure, fixedQuestions, joinLobby, lobbyData, ok, refused, type Seat, startGame, waitForPhase } from "../support/rest";

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({}, { clock: new FakeClock(), questions: fixedQuestions, judge: exactJudge });
});
afterAll(() => app.dispose());

const post = (path: string, token: string | undefined, body?: unknown) => call(app, "POST", `/api/lobby/${path}`, { token, body });

async function duel(...names: string[]): Promise<{ code: string; host: Seat; players: Seat[] }> {
  const host = await createLobby(app, "Hana", "duels");
  const players: Seat[] = [];
  for (const name of names) players.push(await joinLobby(app, host.code, name));
  return { code: host.code, host, players };
}

describe("creating a lobby with a mode", () => {
  test("duels: the lobby says its mode, lists its players and has no teams or captains", async () => {
    const res = await post("create", undefined, { playerName: "Hana", mode: "duels" });
    expect(res.status).toBe(200);
    expect(res.body.lobby).toMatchObject({ mode: "duels", blueTeam: [], redTeam: [], captains: { blue: null, red: null } });
    expect(res.body.lobby.players).toEqual([expect.objectContaining({ name: "Hana", team: null, isCaptain: false, isHost: true })]);
  });

  test("no mode is teams, as before; teams by name too", async () => {
    for (const body of [{ playerName: "Hana" }, { playerName: "Hana", mode: "teams" }]) {
      const res = await post("create", undefined, body);
      expect(res.body.lobby.mode).toBeUndefined();
      expect(res.body.lobby.blueTeam).toHaveLength(1);
    }
  });

  test("a mode outside the three is 400", async () => {
    for (const mode of ["solo", "", 3, null, "DUELS"]) expectFailure(await post("create", undefined, { playerName: "Hana", mode }), 400);
  });
});

describe("a Duel played over REST", () => {
  test("teamSelect is 409; a steal on the bye is 409; results, standings and the overrule are per player", async () => {
    const { code, host, players } = await duel("Ravi", "Bo");
    const [ravi, bo] = players as [Seat, Seat];
    await refused(app, code, 409, () => post("teamSelect", ravi.token, { team: "red", isCaptain: false }));
    await startGame(app, host, 3);
    await ok(app, "/api/lobby/startRound", host.token, {});
    const data = await lobbyData(app, code);
    // Three players: Hana vs Ravi, Bo on the bye (the circle of docs/rules.md "Duels").
    expect(data.gameState.pairs).toEqual([
      { a: host.id, b: ravi.id, aLocked: false, bLocked: false },
      { a: bo.id, b: null, aLocked: false, bLocked: false },
    ]);
    await refused(app, code, 409, () => post("submitAnswer", bo.token, { roundNumber: 1, answer: "", isSteal: true }));
    await ok(app, "/api/lobby/submitAnswer", host.token, { roundNumber: 1, answer: "Sydney", isSteal: false });
    expect((await lobbyData(app, code)).gameState.pairs[0]).toMatchObject({ aLocked: true, bLocked: false });
    expect(JSON.stringify(await lobbyData(app, code))).not.toContain("Sydney");
    await ok(app, "/api/lobby/submitAnswer", ravi.token, { roundNumber: 1, answer: "", isSteal: true });
    await ok(app, "/api/lobby/submitAnswer", bo.token, { roundNumber: 1, answer: "Canberra", isSteal: false });
    const judged = await waitForPhase(app, code, "results");
    // Hana wrong, Ravi's steal failed: Hana +2. Bo right on the bye: +1.
    expect(judged.gameState.standings.map((s: any) => [s.name, s.points])).toEqual([["Hana", 2], ["Bo", 1], ["Ravi", 0]]);
    // The host rules Hana's "Sydney" right: Ravi's steal paid off (+2), Hana 0.
    await refused(app, code, 400, () => post("overrule", host.token, { roundNumber: 1, correct: true }));
    await ok(app, "/api/lobby/overrule", host.token, { roundNumber: 1, playerId: host.id, correct: true });
    expect((await lobbyData(app, code)).gameState.standings.map((s: any) => [s.name, s.points, s.steals])).toEqual([["Ravi", 2, 1], ["Bo", 1, 0], ["Hana", 0, 0]]);
    await ok(app, "/api/lobby/endGame", host.token);

    const json = await (await fetch(`${app.url}/api/lobby/${code}/results/json`, { headers: { authorization: `Bearer ${ravi.token}` } })).json();
    expect(json).toMatchObject({ lobbyCode: code, mode: "duels", standings: [{ place: 1, name: "Ravi", points: 2, steals: 1 }, { place: 2, name: "Bo" }, { place: 3, name: "Hana" }] });
    expect(json.rounds[0].duels).toEqual([
      { a: expect.objectContaining({ name: "Hana", answer: "Sydney", correct: true, overruled: true, points: 0 }), b: expect.objectContaining({ name: "Ravi", steal: true, points: 2 }) },
      { a: expect.objectContaining({ name: "Bo", answer: "Canberra", correct: true, points: 1 }), b: null },
    ]);
    const csv = await (await fetch(`${app.url}/api/lobby/${code}/results/csv`, { headers: { authorization: `Bearer ${ravi.token}` } })).text();
    const tables = csv.replace(/^\uFEFF/, "").split("\r\n\r\n").map((t) => Papa.parse<string[]>(t).data);
    expect(tables[1]).toEqual([["place", "player", "points", "steals"], ["1", "Ravi", "2", "1"], ["2", "Bo", "1", "0"], ["3", "Hana", "0", "0"]]);
    expect(tables[2]![2]).toEqual(["1", "General", "What is the capital of Australia?", "Canberra", "Bo", "Canberra", expect.any(String), "right", "1", "(bye)", "", "", "", ""]);
  });
});

describe("a Duel asks the lobby's own questions", () => {
  test("the host's own questions come first, as in Teams (the app's own sources, no stand-in)", async () => {
    const own = await startTestApp({}, { clock: new FakeClock(), judge: exactJudge });
    try {
      const host = await createLobby(own, "Hana", "duels");
      await joinLobby(own, host.code, "Ravi");
      const mine = [1, 2].map((n) => ({ category: "Cats", question: `Own duel question ${n} about cats?`, answer: `Cat ${n}`, aliases: [] }));
      await ok(own, "/api/lobby/questions", host.token, { questions: mine });
      await ok(own, "/api/lobby/updateSettings", host.token, { settings: { rounds: 2, tags: ["Cats"] } });
      await ok(own, "/api/lobby/start", host.token);
      await ok(own, "/api/lobby/startRound", host.token, {});
      const data = await lobbyData(own, host.code);
      expect(mine.map((q) => q.question)).toContain(data.gameState.currentRound.question);
      expect(data.gameState.pairs).toHaveLength(1);
    } finally {
      await own.dispose();
    }
  });
});
