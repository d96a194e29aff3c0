// Judging like a quizmaster, part three (docs/decisions.md): acronyms, dates and times, a city with
// its country, a surname alone, renamed places, compounds and units are accepted; their look-alikes
// ("Paris, Texas", "100 miles" for 100 km, "37 °F" for 37 °C) never are; loose readings are left
// to the AI judge; the data and the date parser load on first use, never at start-up.
import { describe, expect, test } from "bun:test";
import { join } from "node:path";
import { checkAnswer } from "../../src/ai/answer-check";
import { UNSURE_BELOW, compositeJudge } from "../../src/ai/composite-judge";
import type { Question } from "../../src/game/types";
import { QUIZMASTER_THREE_CASES } from "./answer-check.quizmaster-three-cases";
import { expectAccepted } from "./helpers";

const judge = (c: (typeof QUIZMASTER_THREE_CASES)[number]) =>
  checkAnswer({ answer: c.answer, aliases: c.aliases, ...(c.question === undefined ? {} : { question: c.question }) }, c.given);
const check = (answer: string, given: string, question?: string) => checkAnswer({ answer, aliases: [], ...(question === undefined ? {} : { question }) }, given);

const KINDS = ["acronym", "date", "time", "city-country", "surname", "renamed", "compound", "unit"];

// Readings that can misfire: accepted, and below the AI judge's threshold.
const LOOSE: [answer: string, given: string, question?: string][] = [
  ["4 July 1776", "4/7/1776", "On what date was the US Declaration of Independence adopted?"],
  ["15:30", "3:30"],
  ["NATO", "North Atlantic Treaty Organisation", "Which military alliance was founded in 1949?"],
  ["Edinburgh", "Edinburgh, England", "Which city hosts the Fringe festival?"],
  ["Hanukkah", "Chanukah", "Which Jewish festival of lights lasts eight days?"],
];
// Readings the data or the parser settles: accepted for sure.
const SURE: [answer: string, given: string, question?: string][] = [
  ["July 14, 1789", "the 14th of July 1789", "On what date did the storming of the Bastille take place?"],
  ["12:00", "midday", "At what time is the Noon Gun fired in Cape Town?"],
  ["Lyon", "Lyon, France"],
  ["North Atlantic Treaty Organization", "NATO", "Which military alliance was founded in 1949?"],
  ["Qatar", "Katar", "Which country hosted the 2022 FIFA World Cup?"],
  ["Mumbai", "Bombay", "Which Indian city is the home of Bollywood?"],
  ["100 m", "100 metres"],
];

describe("labelled set, issue 39's part", () => {
  test("at least 150 new cases, each kind with answers to accept and look-alikes to refuse", () => {
    expect(QUIZMASTER_THREE_CASES.length).toBeGreaterThanOrEqual(150);
    for (const kind of KINDS) {
      const labels = new Set(QUIZMASTER_THREE_CASES.filter((c) => c.kind === kind).map((c) => c.correct));
      expect({ kind, labels: [...labels].sort() }).toEqual({ kind, labels: [false, true] });
    }
  });

  test("no look-alike of the new kinds is accepted", () => {
    const accepted = QUIZMASTER_THREE_CASES.filter((c) => !c.correct && judge(c).correct);
    expect(accepted.map((c) => `[${c.kind}] ${c.answer} <- ${c.given}`)).toEqual([]);
  });

  test("the issue's examples", () => {
    expect(check("Paris", "Paris, Texas", "What is the capital of France?")).toEqual({ correct: false, confidence: 0.95 });
    expect(check("100 km", "100 miles")).toEqual({ correct: false, confidence: 1 });
    expect(check("37 °C", "37 °F")).toEqual({ correct: false, confidence: 1 });
    expect(check("100 metres", "100 m").correct).toBe(true);
    expect(check("Georgia", "Georgia, USA", "Which country has Tbilisi as its capital?").correct).toBe(false);
    expect(check("Atlanta", "Atlanta, Georgia", "Which US city hosted the 1996 Summer Olympics?").correct).toBe(true);
    const bush = check("George W. Bush", "Bush", "Which US president ordered the invasion of Iraq in 2003?");
    expect({ correct: bush.correct, unsure: bush.confidence < UNSURE_BELOW }).toEqual({ correct: false, unsure: true });
  });
});

describe("confidence says what decided", () => {
  test("loose readings are accepted below the AI judge's threshold", () => expectAccepted(LOOSE, true));

  test("what the data or the parser settles is sure", () => expectAccepted(SURE, false));

  test("with a key, only the loose readings reach the AI", async () => {
    const asked: string[] = [];
    const ai = compositeJudge({ ai: { verdict: async (_q, given) => (asked.push(given), false) }, log: () => {} });
    const question = (answer: string, q = "Which one is it?"): Question => ({ category: "Test", question: q, answer, aliases: [] });
    for (const [answer, given, q] of LOOSE) expect(await ai.judge(question(answer, q), given)).toBe(false);
    for (const [answer, given, q] of SURE) expect(await ai.judge(question(answer, q), given)).toBe(true);
    expect(asked).toEqual(LOOSE.map(([, given]) => given));
  });
});

describe("the added data loads on first use", () => {
  // A process of its own: this test runner has long since loaded every module.
  const LOADED = /places-data|chrono-node|world-countries|city-timezones/;
  const probe = (judgeFirst: boolean) => {
    const script = `
      await import(${JSON.stringify(join(import.meta.dir, "../../src/app.ts"))});
      if (${judgeFirst}) {
        const { checkAnswer } = await import(${JSON.stringify(join(import.meta.dir, "../../src/ai/answer-check.ts"))});
        checkAnswer({ answer: "July 14, 1789", aliases: [] }, "14 July 1789");
        checkAnswer({ answer: "Lyon", aliases: [] }, "Lyon, France");
      }
      console.log(JSON.stringify(Object.keys(require.cache).filter((key) => ${LOADED}.test(key))));`;
    const run = Bun.spawnSync([process.execPath, "-e", script], { env: { ...process.env, NODE_ENV: "test" } });
    expect(run.exitCode).toBe(0);
    return JSON.parse(run.stdout.toString().trim().split("\n").at(-1)!) as string[];
  };

  test("importing the app loads neither the place data nor the date parser", () => {
    expect(probe(false)).toEqual([]);
  });

  test("the first judged date and place load them (the probe sees a load)", () => {
    const loaded = probe(true);
    expect(loaded.some((key) => key.includes("places-data"))).toBe(true);
    expect(loaded.some((key) => key.includes("chrono-node"))).toBe(true);
  });
});
