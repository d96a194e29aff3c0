// Judging like a quizmaster, part two (docs/decisions.md): the checker accepts what a quizmaster accepts at once (misspellings that sound right,
// other spellings, nicknames, quantities said another way, an answer with an appositive), keeps
// refusing look-alikes, namesakes, first names, hedges and lists, leaves its fuzzy readings to the
// AI judge when a key is set, and stays fast on hostile input.
import { describe, expect, test } from "bun:test";
import { MAX_GUESS_LENGTH, checkAnswer } from "../../src/ai/answer-check";
import { UNSURE_BELOW, compositeJudge } from "../../src/ai/composite-judge";
import type { Question } from "../../src/game/types";
import { CASES } from "./answer-check.cases";
import { QUIZMASTER_TWO_CASES } from "./answer-check.quizmaster-two-cases";
import { expectAccepted } from "./helpers";

const check = (answer: string, given: string, question?: string) => checkAnswer({ answer, aliases: [], ...(question === undefined ? {} : { question }) }, given);
const judge = (c: (typeof CASES)[number]) =>
  checkAnswer({ answer: c.answer, aliases: c.aliases, ...(c.question === undefined ? {} : { question: c.question }) }, c.given);

// Fuzzy readings (a typo, a spelling variant, a head without its appositive) and what sure rules decide.
const FUZZY: [answer: string, given: string, question?: string][] = [
  ["Sydney", "Sydny"],
  ["Christopher Columbus", "Colombus", "Which explorer reached the Americas in 1492?"],
  ["Mahatma Gandhi", "Ghandi", "Who led the Salt March?"],
  ["Nostradamus", "Nostradamas"],
  ["Tchaikovsky", "Tchaikovski"],
  ["Tchaikovsky", "Chaikovsky"],
  ["Nikita Khrushchev", "Khrushchov"],
  ["Muhammad", "Muhammed"],
  ["Colour", "color"],
  ["Centre", "center"],
  ["Aeroplane", "airplane"],
  ["Venus", "Venus, the hottest planet"],
  ["Big Ben", "It's Big Ben in London"],
  ["Nile", "The Nile, obviously the longest"],
];
const SURE: [answer: string, given: string, question?: string][] = [
  ["William Jefferson Clinton", "Bill Clinton"],
  ["Dwight D. Eisenhower", "Ike", "Which general became the 34th US president?"],
  ["20", "a score", "How many years did Rip Van Winkle sleep?"],
  ["0.75", "3/4"],
  ["6", "half a dozen", "How many sides does a hexagon have?"],
  ["2", "a couple"],
];

describe("the issue's examples", () => {
  test("fuzzy readings are accepted, below the AI judge's threshold", () => expectAccepted(FUZZY, true));

  test("nicknames from the table and quantities said another way are accepted for sure", () => {
    for (const [answer, given, question] of SURE) {
      expect({ given, verdict: check(answer, given, question) }).toEqual({ given, verdict: { correct: true, confidence: 1 } });
    }
  });

  test("what was refused stays refused", () => {
    const refused: [string, string, string?][] = [
      ["Australia", "Austria"],
      ["Iraq", "Iran"],
      ["Louis XIV", "Louis XVI"],
      ["Neil Armstrong", "Lance Armstrong", "Who was the first person to walk on the Moon?"],
      ["Isaac Newton", "Isaac", "Who formulated the laws of motion?"],
      ["Pacific Ocean", "Ocean"],
      ["Paris", "Paris or London"],
      ["Paris", "Paris, London"],
      ["Venus", "Venus, Mars"],
      ["Nile", "Nile, the Amazon"],
      ["London", "Big Ben in London"],
      ["Night", "Knight"],
      ["Athens", "Athena", "What is the capital of Greece?"],
    ];
    for (const [answer, given, question] of refused) expect({ given, correct: check(answer, given, question).correct }).toEqual({ given, correct: false });
  });

  test("a surname or short name another famous person shares is refused, and left to the AI judge", () => {
    for (const [answer, given] of [["Franklin D. Roosevelt", "Roosevelt"], ["John Quincy Adams", "John Adams"], ["George W. Bush", "George Bush"]]) {
      const verdict = check(answer!, given!, "Which US president was it?");
      expect({ given, correct: verdict.correct, unsure: verdict.confidence < UNSURE_BELOW }).toEqual({ given, correct: false, unsure: true });
    }
    expect(check("Neil Armstrong", "Armstrong", "Who was the first person to walk on the Moon?").correct).toBe(true);
  });
});

describe("labelled set, issue 25's part", () => {
  const KINDS = ["sound-alike", "spelling-variant", "nickname", "short-form", "quantity-word", "fraction", "appositive"];
  const NEAR_MISSES = ["homophone", "lookalike", "variant-miss", "namesake", "first-name", "shotgun", "hedge", "appositive", "quantity-word", "fraction"];

  test("at least 150 new accepted cases and as many near-misses, for every kind", () => {
    expect(QUIZMASTER_TWO_CASES.filter((c) => c.correct && KINDS.includes(c.kind)).length).toBeGreaterThanOrEqual(150);
    expect(QUIZMASTER_TWO_CASES.filter((c) => !c.correct && NEAR_MISSES.includes(c.kind)).length).toBeGreaterThanOrEqual(150);
    for (const kind of KINDS) expect({ kind, some: QUIZMASTER_TWO_CASES.some((c) => c.kind === kind && c.correct) }).toEqual({ kind, some: true });
  });

  test("no look-alike, homophone, namesake, first name, hedge or list of the whole set is accepted", () => {
    const accepted = CASES.filter((c) => !c.correct && ["lookalike", "homophone", "namesake", "first-name", "hedge", "shotgun", "over-generic"].includes(c.kind) && judge(c).correct);
    expect(accepted.map((c) => `${c.answer} <- ${c.given}`)).toEqual([]);
  });
});

describe("a key set lets the AI settle what a rule decided", () => {
  const question = (answer: string, q = "Which one is it?"): Question => ({ category: "Test", question: q, answer, aliases: [] });

  function withFakeAi(says: boolean) {
    const asked: string[] = [];
    const judge = compositeJudge({ ai: { verdict: async (_q, given) => (asked.push(given), says) }, log: () => {} });
    return { judge, asked };
  }

  test("typos, variants and appositives go to the AI, whose verdict stands", async () => {
    const { judge, asked } = withFakeAi(false);
    for (const [answer, given, q] of FUZZY) expect({ given, verdict: await judge.judge(question(answer, q), given) }).toEqual({ given, verdict: false });
    expect(asked).toEqual(FUZZY.map(([, given]) => given));
  });

  test("a namesake's surname goes to the AI, which may accept it", async () => {
    const { judge, asked } = withFakeAi(true);
    expect(await judge.judge(question("Franklin D. Roosevelt", "Which US president led the country through most of World War II?"), "Roosevelt")).toBe(true);
    expect(asked).toEqual(["Roosevelt"]);
  });

  test("sure verdicts, right or wrong, never reach the AI", async () => {
    const { judge, asked } = withFakeAi(true);
    for (const [answer, given, q] of SURE) expect(await judge.judge(question(answer, q), given)).toBe(true);
    expect(await judge.judge(question("Australia"), "Austria")).toBe(false);
    expect(await judge.judge(question("Venus"), "Venus, Mars")).toBe(false);
    expect(asked).toEqual([]);
  });
});

describe("speed", () => {
  // Hostile shapes: many commas, "in", "because", near-words of long names, and filler, at the length limit.
  const HOSTILE = [
    "Venus, ".repeat(28),
    "in ".repeat(66),
    `${"a because ".repeat(19)}b`,
    `${"Tchaikovsky Khrushchev ".repeat(8)}`.slice(0, MAX_GUESS_LENGTH),
    `${"half a dozen ".repeat(15)}`.slice(0, MAX_GUESS_LENGTH),
    `${"3/4 ".repeat(50)}`,
    `${"the ".repeat(49)}Nile`,
    `${"i think its ".repeat(16)}Paris`,
    "x".repeat(MAX_GUESS_LENGTH),
    `${"Bill, the ".repeat(20)}`,
  ];
  const ANSWERS = ["Pyotr Ilyich Tchaikovsky", "William Jefferson Clinton", "Venus", "6", "Great Barrier Reef"];

  test("the worst hostile guess is judged in a few milliseconds", () => {
    for (const answer of ANSWERS) for (const given of HOSTILE) checkAnswer({ answer, aliases: [] }, given); // warm-up
    // Per input, the fastest of five runs: what the input costs, without a busy machine's pauses.
    let worst = 0;
    for (const answer of ANSWERS) {
      for (const given of HOSTILE) {
        let best = Infinity;
        for (let i = 0; i < 5; i++) {
          const start = performance.now();
          checkAnswer({ answer, aliases: ["Another name"], question: "Who or what is it?" }, given);
          best = Math.min(best, performance.now() - start);
        }
        worst = Math.max(worst, best);
      }
    }
    console.log(`answer-check worst hostile guess: ${worst.toFixed(3)} ms`);
    // Measured well under 1 ms; the bound leaves room for a loaded machine.
    expect(worst).toBeLessThan(10);
  });
});
