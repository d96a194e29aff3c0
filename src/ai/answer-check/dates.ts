// Dates and clock times written another way ("14 July 1789" for "July 14, 1789", "the 14th of
// July", "14/07/1789", "midday" for 12:00, "half past three" for 3:30, "9 pm" for 21:00), read by
// npm `chrono-node` and compared as calendar dates and times of day. chrono is required on first
// use, so a quiet server never loads it (docs/decisions.md "Judging like a quizmaster, part three").
import type * as Chrono from "chrono-node/en";
import { stripFiller } from "./filler";
import { fold, tokenize } from "./normalize";
import { numberWordsToDigits } from "./numbers";
import type { QuestionContext } from "./question";
import type { Verdict } from "./verdict";

type Field = "year" | "month" | "day" | "hour" | "minute" | "meridiem";
type Moment = Partial<Record<Field, number>>;

/** Read the same way by every reading: sure. A day and month order or a 12-hour clock that had to be guessed: for the AI. */
const SURE = 0.95;
const GUESSED_READING = 0.7;

// Only these may stand beside a date: "on the 14th of July", "at noon", "in July 1789".
const AROUND = new Set(["on", "the", "at", "in", "of", "about", "around", "exactly", "precisely", "date", "time", "day"]);
// What makes an answer worth reading as a date or a time at all (chrono is not cheap).
const LOOKS_DATED = /\b(?:jan|feb|mar|apr|may|jun|jul|aug|sept?|oct|nov|dec)[a-z]*\.?(?![a-z])|\d[:.]\d\d\b|\b(?:noon|midday|midnight|o'?clock)\b|\d\s*[ap]\.?m\b|\d\/\d{1,2}\/\d/i;
const NUMERIC_DATE = /\d{1,2}[/.-]\d{1,2}[/.-]\d{2,4}/;
const CARDINALS = /\b(?:zero|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen|twenty|thirty|forty|fifty)(?:[\s-]+(?:one|two|three|four|five|six|seven|eight|nine))?\b/gi;

let parsers: { casual: Chrono.Chrono; dayFirst: Chrono.Chrono } | undefined;

/** chrono's English parsers, taught the spoken clock ("half past 3", "quarter to 4", "11 in the morning", "12 noon"). */
function chrono() {
  if (parsers) return parsers;
  const en = require("chrono-node/en") as typeof Chrono;
  const teach = (parser: Chrono.Chrono) => {
    const taught = parser.clone();
    taught.parsers.push(
      {
        pattern: () => /\b(half|quarter|\d{1,2})\s+(?:minutes?\s+)?(past|after|to|before)\s+(\d{1,2})\b/i,
        extract: (_context, match) => {
          const minutes = match[1] === "half" ? 30 : match[1] === "quarter" ? 15 : Number(match[1]);
          const hour = Number(match[3]);
          return /past|after/i.test(match[2]!) ? { hour, minute: minutes } : { hour: (hour + 23) % 24, minute: 60 - minutes };
        },
      },
      {
        pattern: () => /\b(\d{1,2})(?:[:.](\d\d))?\s+(?:o'?clock\s+)?(?:in the (morning|afternoon|evening)|(at night))\b/i,
        extract: (_context, match) => {
          const afternoon = match[3] !== "morning";
          const hour = Number(match[1]) % 12 + (afternoon ? 12 : 0);
          return { hour, minute: Number(match[2] ?? 0), meridiem: afternoon ? 1 : 0 };
        },
      },
      { pattern: () => /\b12\s+(noon|midnight)\b/i, extract: (_context, match) => ({ hour: match[1] === "noon" ? 12 : 0, minute: 0 }) },
    );
    return taught;
  };
  return (parsers = { casual: teach(en.casual), dayFirst: teach(en.GB) });
}

/**
 * The verdict on a guess read as a date or time against an answer that is one; null when either
 * is not (then the words are compared as words). An answer that is a bare year takes a whole date
 * of that year when the question asks for a year ("20 July 1969" for 1969).
 */
export function compareDates(answer: string, guess: string, question: QuestionContext): Verdict | null {
  const bareYear = /^\s*\d{3,4}\s*$/.test(answer) && question.quantity;
  if (!bareYear && !LOOKS_DATED.test(answer)) return null;
  const expected = bareYear ? [{ year: Number(answer) }] : readMoments(answer);
  const guessed = readMoments(guess);
  if (expected.length === 0 || guessed.length === 0) return null;
  const verdicts = expected.flatMap((want) => guessed.map((got) => compareMoments(want, got)));
  const match = verdicts.find((verdict) => verdict.correct);
  if (!match) return { correct: false, confidence: Math.min(...verdicts.map((verdict) => verdict.confidence)) };
  const unanimous = verdicts.every((verdict) => verdict.correct);
  return unanimous ? match : { correct: true, confidence: Math.min(match.confidence, GUESSED_READING) };
}

/** The readings of a text that is one date or time and nothing else; two when day and month may be read either way. */
function readMoments(text: string): Moment[] {
  const spelled = text.replace(CARDINALS, (words) => numberWordsToDigits(words.toLowerCase().split(/[\s-]+/)).join(" "));
  const { casual, dayFirst } = chrono();
  const readers = NUMERIC_DATE.test(spelled) ? [casual, dayFirst] : [casual];
  const moments: Moment[] = [];
  for (const reader of readers) {
    const results = reader.parse(spelled, new Date(2000, 0, 1));
    if (results.length !== 1) continue;
    const result = results[0]!;
    const rest = spelled.slice(0, result.index) + " " + spelled.slice(result.index + result.text.length);
    if (stripFiller(tokenize(fold(rest)), 0).some((word) => !AROUND.has(word))) continue;
    const moment: Moment = {};
    for (const field of ["year", "month", "day", "hour", "minute", "meridiem"] as const) {
      if (result.start.isCertain(field)) moment[field] = result.start.get(field) ?? undefined;
    }
    if (Object.keys(moment).length > 0 && !moments.some((known) => sameMoment(known, moment))) moments.push(moment);
  }
  return moments;
}

function sameMoment(a: Moment, b: Moment): boolean {
  const fields = new Set([...Object.keys(a), ...Object.keys(b)] as Field[]);
  return [...fields].every((field) => a[field] === b[field]);
}

/** Every part the answer gives must be in the guess and agree; the guess may say more ("20 July 1969" for 1969). */
function compareMoments(want: Moment, got: Moment): Verdict {
  for (const field of ["year", "month", "day"] as const) {
    if (want[field] === undefined) continue;
    if (got[field] === undefined) return { correct: false, confidence: 0.9 };
    if (got[field] !== want[field]) return { correct: false, confidence: 1 };
  }
  if (want.hour === undefined) return { correct: true, confidence: SURE };
  if (got.hour === undefined) return { correct: false, confidence: 0.9 };
  if ((got.minute ?? 0) !== (want.minute ?? 0)) return { correct: false, confidence: 1 };
  if (got.hour === want.hour) return { correct: true, confidence: SURE };
  // "3:30" may be said of 15:30; "3:30 am", "midnight" and "12:00" say which.
  const guessable = (moment: Moment) => moment.meridiem === undefined && moment.hour! >= 1 && moment.hour! <= 11;
  const sameOnTheDial = got.hour % 12 === want.hour % 12;
  return sameOnTheDial && (guessable(got) || guessable(want)) ? { correct: true, confidence: GUESSED_READING } : { correct: false, confidence: 1 };
}
