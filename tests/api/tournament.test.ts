// Tournament over REST (docs/contract.md "Modes"): create, 3-16 players, the bracket in the lobby object
// with its byes, a 6-player tournament played to its champion, locks of players out, through or naming
// a match not theirs refused (409) with nothing changed, and the results with the bracket.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import Papa from "papaparse";
import { call, startTestApp, type TestApp } from "../support/app";
import { FakeClock } from "../support/fake-clock";
import { createLobby, exactJudge, joinLobby, lobbyData, ok, quizQuestions, refused, type Seat, waitForPhase } from "../support/rest";

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({}, { clock: new FakeClock(), questions: quizQuestions, judge: exactJudge });
});
afterAll(() => app.dispose());

const post = (path: string, token: string | undefined, body?: unknown) => call(app, "POST", `/api/lobby/${path}`, { token, body });

async function tournament(...names: string[]): Promise<{ code: string; seats: Seat[] }> {
  const host = await createLobby(app, "Hana", "tournament");
  const seats: Seat[] = [host];
  for (const name of names) seats.push(await joinLobby(app, host.code, name));
  return { code: host.code, seats };
}

describe("a Tournament over REST", () => {
  test("create says its mode; fewer than three players cannot start", async () => {
    const { code, seats } = await tournament("Ravi");
    const data = await lobbyData(app, code);
    expect(data).toMatchObject({ mode: "tournament", blueTeam: [], redTeam: [] });
    const res = await refused(app, code, 409, () => post("start", seats[0]!.token));
    expect(res.body.message).toContain("at least 3 players");
  });

  test("six players: two byes, matches to a champion, refusals for the out, the through and another's match, results with the bracket", async () => {
    const { code, seats } = await tournament("Ravi", "Bo", "Cy", "Di", "Ed");
    const host = seats[0]!;
    const byId = new Map(seats.map((s) => [s.id, s]));
    await ok(app, "/api/lobby/start", host.token);
    let data = await lobbyData(app, code);
    const bracket = data.gameState.bracket;
    expect(bracket.rounds.map((r: unknown[]) => r.length)).toEqual([4, 2, 1]);
    expect(bracket.rounds[0].filter((m: any) => m.b === null)).toHaveLength(2);
    expect(Object.values(bracket.names).sort()).toEqual(["Bo", "Cy", "Di", "Ed", "Hana", "Ravi"]);

    const out = new Set<string>();
    for (let q = 1; data.gameState.phase !== "complete"; q++) {
      await ok(app, "/api/lobby/startRound", host.token, {});
      data = await lobbyData(app, code);
      const pairs: { a: string; b: string }[] = data.gameState.pairs;
      const playing = new Set(pairs.flatMap((p) => [p.a, p.b]));
      // Whoever is not in a live match is through or out: their lock is refused and changes nothing.
      const idle = seats.find((s) => !playing.has(s.id));
      if (idle) {
        const res = await refused(app, code, 409, () => post("submitAnswer", idle.token, { roundNumber: q, answer: "x", isSteal: false }));
        expect(res.body.message).toMatch(out.has(idle.id) ? /out of the tournament/ : /through/);
      }
      const round = data.gameState.bracket.rounds.findIndex((r: any[]) => r.some((m) => m.winner === null));
      const matches: any[] = data.gameState.bracket.rounds[round];
      const [first] = pairs;
      const other = matches.findIndex((m) => m.a !== first!.a && m.b !== first!.a);
      if (other !== -1) await refused(app, code, 409, () => post("submitAnswer", byId.get(first!.a)!.token, { roundNumber: q, answer: "x", isSteal: false, match: other }));
      // Side a right, side b wrong: a wins each question, so a match takes two.
      for (const p of pairs) {
        await ok(app, "/api/lobby/submitAnswer", byId.get(p.a)!.token, { roundNumber: q, answer: `Okapi-${q}-correct`, isSteal: false });
        await ok(app, "/api/lobby/submitAnswer", byId.get(p.b)!.token, { roundNumber: q, answer: "wrong", isSteal: false });
      }
      data = await waitForPhase(app, code, q % 2 === 0 && pairs.length === 1 ? "complete" : "results");
      for (const r of data.gameState.bracket.rounds) for (const m of r) if (m.winner && m.b) out.add(m.winner === m.a ? m.b : m.a);
    }
    const final = data.gameState.bracket.rounds[2][0];
    expect(final.winner).not.toBeNull();
    expect(out.size).toBe(5);
    expect(data.gameState.rounds).toHaveLength(6);

    const json = await (await fetch(`${app.url}/api/lobby/${code}/results/json`, { headers: { authorization: `Bearer ${host.token}` } })).json();
    expect(json).toMatchObject({ mode: "tournament", champion: data.gameState.bracket.names[final.winner] });
    expect(json.bracket).toHaveLength(7);
    expect(json.bracket.filter((m: any) => m.b === "(bye)")).toHaveLength(2);
    expect(json.bracket.at(-1)).toMatchObject({ round: "Final", score: "2-0" });
    const csv = await (await fetch(`${app.url}/api/lobby/${code}/results/csv`, { headers: { authorization: `Bearer ${host.token}` } })).text();
    const tables = csv.replace(/^\uFEFF/, "").split("\r\n\r\n").map((t) => Papa.parse<string[]>(t).data);
    expect(tables[1]![0]).toEqual(["bracket round", "player", "opponent", "score", "through"]);
    expect(tables[1]).toHaveLength(8);
  });
});
