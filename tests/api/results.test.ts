// Results to keep: GET /api/lobby/:code/results/csv and /json, checked against a game
// played over REST: when and in which mode, the players, every round's question, category, both
// plays, who locked each, verdicts, points and winner, the final scores and the awards; refused
// while the game is not over. And the summary's chart, GET /api/lobby/:code/chart.svg.
import { afterAll, beforeAll, expect, test } from "bun:test";
import Papa from "papaparse";
import type { Question } from "../../src/game/types";
import { downloadName } from "../../src/results/spreadsheet";
import { call, startTestApp, type TestApp } from "../support/app";
import { FakeClock } from "../support/fake-clock";
import { exactJudge, party, questionsFrom, type Seat, waitForPhase } from "../support/rest";

const TRICKY: Question[] = [
  { category: "Quotes, \"and\" commas", question: "Who said \"Veni, vidi, vici\"?\nIn Latin.", answer: "Julius Caesar", aliases: [] },
  { category: "Space", question: "Which planet is called the Red Planet?", answer: "Mars", aliases: [] },
];

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({}, { clock: new FakeClock(), questions: questionsFrom(TRICKY), judge: exactJudge });
});
afterAll(() => app.dispose());

const post = (path: string, token: string, body?: unknown) => call(app, "POST", `/api/lobby/${path}`, { token, body });
/** The download, as a seated player's page asks for it (with its session) or, without one, as a stranger would. */
const results = (code: string, format: string, token?: string) => fetch(`${app.url}/api/lobby/${code}/results/${format}`, { headers: token ? { authorization: `Bearer ${token}` } : {} });

async function lock(seat: Seat, team: "blue" | "red", roundNumber: number, answer: string, isSteal = false) {
  expect((await post("submitAnswer", seat.token, { isSteal, answer, team, roundNumber })).status).toBe(200);
}

test("a finished game downloads as CSV and JSON that match what was played", async () => {
  const { code, host, players } = await party(app, "Ravi");
  const ravi = players[0]!;
  expect((await post("updateSettings", host.token, { settings: { rounds: 2, roundLimit: 30 } })).status).toBe(200);
  expect((await post("start", host.token)).status).toBe(200);

  // Round 1: blue right, red steals (a successful steal: red +2). Round 2: blue wrong with a comma and quotes, red right.
  expect((await post("startRound", host.token, {})).status).toBe(200);
  const early = await results(code, "csv", ravi.token);
  expect(early.status).toBe(409);
  expect(await early.json()).toEqual({ success: false, message: "The game is not over yet" });
  await lock(host, "blue", 1, "Julius Caesar");
  await lock(ravi, "red", 1, "", true);
  await waitForPhase(app, code, "results");
  expect((await post("startRound", host.token, {})).status).toBe(200);
  await lock(host, "blue", 2, 'Venus, "surely"');
  await lock(ravi, "red", 2, "mars");
  await waitForPhase(app, code, "complete");

  const json = await results(code, "json", ravi.token);
  expect(json.status).toBe(200);
  // Named by code, date and time, so two games' files never take the same name.
  expect(json.headers.get("content-disposition")).toMatch(new RegExp(`^attachment; filename="stealmate-${code}-\\d{8}-\\d{4}-results\\.json"$`));
  const kept = await json.json();
  // Who locked: both locks came at once on the fake clock, 0 ms after each question appeared.
  const hana = { playerId: host.id, name: host.name, ms: 0 };
  const by = { playerId: ravi.id, name: "Ravi", ms: 0 };
  expect(kept).toEqual({
    lobbyCode: code,
    date: new Date(1_700_000_000_000).toISOString(),
    mode: "teams",
    players: [
      { name: host.name, team: "blue", left: false },
      { name: "Ravi", team: "red", left: false },
    ],
    rounds: [
      {
        number: 1,
        category: TRICKY[0]!.category,
        question: TRICKY[0]!.question,
        correctAnswer: "Julius Caesar",
        blue: { answer: "Julius Caesar", steal: false, correct: true, points: 0, overruled: false, lockedBy: hana },
        red: { answer: null, steal: true, correct: null, points: 2, overruled: false, lockedBy: by },
        winner: "red",
      },
      {
        number: 2,
        category: "Space",
        question: "Which planet is called the Red Planet?",
        correctAnswer: "Mars",
        blue: { answer: 'Venus, "surely"', steal: false, correct: false, points: 0, overruled: false, lockedBy: hana },
        red: { answer: "mars", steal: false, correct: true, points: 1, overruled: false, lockedBy: by },
        winner: "red",
      },
    ],
    finalScores: { blue: 0, red: 3 },
    winner: "red",
    awards: ["Master thief: Ravi, 1 steal that paid off", `Sharpshooter (a tie): ${host.name} and Ravi, 1 right answer each`, "Fastest finger: Ravi, scored with a lock in 0.0 s"],
  });

  const csv = await results(code, "csv", host.token);
  expect(csv.headers.get("content-type")).toBe("text/csv; charset=utf-8");
  expect(csv.headers.get("content-disposition")).toMatch(new RegExp(`^attachment; filename="stealmate-${code}-\\d{8}-\\d{4}-results\\.csv"$`));
  // Bytes as sent (Response.text() would drop it): a BOM first, so spreadsheets read UTF-8.
  const bytes = new TextDecoder("utf-8", { ignoreBOM: true }).decode(await csv.arrayBuffer());
  expect(bytes).toStartWith("\uFEFFlobby,date,mode,winner\r\n");
  // Four tables, a blank line between: the game, its players, its rounds, its awards.
  const tables = bytes.slice(1).split("\r\n\r\n").map((t) => Papa.parse<string[]>(t, { skipEmptyLines: true, delimiter: "," }));
  expect(tables.flatMap((t) => t.errors)).toEqual([]);
  expect(tables.map((t) => t.data)).toEqual([
    [
      ["lobby", "date", "mode", "winner"],
      [code, new Date(1_700_000_000_000).toISOString(), "teams", "red"],
    ],
    [
      ["player", "team", "left"],
      [host.name, "blue", ""],
      ["Ravi", "red", ""],
    ],
    [
      ["round", "category", "question", "correct answer", ...["blue", "red"].flatMap((t) => [`${t} answer`, `${t} locked by`, `${t} seconds`, `${t} verdict`, `${t} points`]), "winner"],
      ["1", TRICKY[0]!.category, TRICKY[0]!.question, "Julius Caesar", "Julius Caesar", host.name, "0.0", "right", "0", "STEAL", "Ravi", "0.0", "", "2", "red"],
      ["2", "Space", "Which planet is called the Red Planet?", "Mars", 'Venus, "surely"', host.name, "0.0", "wrong", "0", "mars", "Ravi", "0.0", "right", "1", "red"],
      ["final", "", "", "", "", "", "", "", "0", "", "", "", "", "3", "red"],
    ],
    [["award"], ...kept.awards.map((a: string) => [a])],
  ]);
});

test("downloads are named stealmate-CODE-YYYYMMDD-HHMM-what, in the server's local time", () => {
  expect(downloadName("ABCD", "results", "csv", new Date(2026, 0, 5, 9, 7))).toBe("stealmate-ABCD-20260105-0907-results.csv");
  expect(downloadName("WXYZ", "questions", "json", new Date(2026, 10, 24, 23, 59))).toBe("stealmate-WXYZ-20261124-2359-questions.json");
});

test("unknown lobbies, formats and codes are refused clearly", async () => {
  const { code, host } = await party(app);
  expect((await results("ZZZZ", "csv", host.token)).status).toBe(401);
  expect((await results(code, "xml", host.token)).status).toBe(404);
  expect((await results(code, "json", host.token)).status).toBe(409);
  expect((await results("A!", "json", host.token)).status).toBe(400);
});

test("the summary's chart is the server's SVG, for anyone watching, with its words and no style attribute", async () => {
  const { code, host, players } = await party(app, "Ravi");
  const ravi = players[0]!;
  expect((await post("updateSettings", host.token, { settings: { rounds: 2, roundLimit: 30 } })).status).toBe(200);
  expect((await post("start", host.token)).status).toBe(200);
  const chart = () => fetch(`${app.url}/api/lobby/${code}/chart.svg`);
  expect((await chart()).status).toBe(409);
  for (const n of [1, 2]) {
    expect((await post("startRound", host.token, {})).status).toBe(200);
    await lock(host, "blue", n, n === 1 ? "Julius Caesar" : "Mars");
    await lock(ravi, "red", n, n === 1 ? "Brutus" : "", n === 2);
    await waitForPhase(app, code, n === 1 ? "results" : "complete");
  }
  // No seat needed: the shared screen has none.
  const res = await chart();
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toBe("image/svg+xml; charset=utf-8");
  const svg = await res.text();
  expect(svg).toStartWith('<svg xmlns="http://www.w3.org/2000/svg" class="chart"');
  // Round 1: blue right (+1), red wrong. Round 2: blue right, red steals (+2).
  const words = [
    'role="img" aria-labelledby="score-chart-title" aria-describedby="score-chart-desc"',
    '<title id="score-chart-title">Scores round by round: Blue 1, Red 2 after 2 rounds</title>',
    '<desc id="score-chart-desc">After round 1: Blue 1, Red 0. After round 2: Blue 1, Red 2.</desc>',
  ];
  expect(words.filter((w) => !svg.includes(w))).toEqual([]);
  expect(svg).not.toContain("style");
  expect((await fetch(`${app.url}/api/lobby/ZZZZ/chart.svg`)).status).toBe(404);
});
