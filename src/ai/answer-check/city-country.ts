// A place answered with where it lies: "Lyon, France", "Atlanta, Georgia", "Toronto (Ontario)",
// "Paris France", "Lyon in France". Right when the answer is a city or state the data places
// there; wrong when it places it elsewhere: "Paris, Texas" is not France's capital. A name many
// places share is read as the most populous, unless the question says which country or state it
// means ("the capital of Illinois", "Which English city"); a question naming a country for a city
// the data does not know there ("Which ancient Egyptian city...") must be answered with that
// country (docs/decisions.md "Judging like a quizmaster, part three").
import { citiesNamed, countryCode, placeKey, placeNamed, type Place, type Site } from "./places";
import type { Verdict } from "./verdict";

/** A place from the data, sure of where it is; a guess's head may still be a slip, so never 1. */
const PLACED_CONFIDENCE = 0.9;
// Placed by a nation of the UK, which the data knows only as the UK: for the AI to settle.
const VAGUELY_PLACED_CONFIDENCE = 0.7;
const QUESTION_PLACED_CONFIDENCE = 0.8;
const MISPLACED: Verdict = { correct: false, confidence: 0.95 };
const LONGEST_PLACE = 4;

/**
 * The verdict on a guess that ends with a country or state, or null when it does not, when its
 * head does not name the answer, or when the data does not know the answer.
 */
export function placedGuess(answer: string, guess: string, question: string | undefined, judgeHead: (head: string) => Verdict): Verdict | null {
  const words = placeKey(guess).split(" ");
  for (let size = Math.min(LONGEST_PLACE, words.length - 1); size >= 1; size--) {
    const place = placeNamed(words.slice(-size).join(" "));
    if (!place) continue;
    const head = words.slice(0, -size);
    if (head.at(-1) === "in") head.pop();
    const verdict = head.length > 0 ? judgeHead(head.join(" ")) : null;
    if (!verdict?.correct) return null;
    const lies = liesIn(answer, place, questionPlaces(question));
    if (lies === null) return null;
    return lies.correct ? { correct: true, confidence: Math.min(verdict.confidence, lies.confidence) } : lies;
  }
  return null;
}

/** Whether the answer the question means lies in `place`; null when the data does not know the answer. */
function liesIn(answer: string, place: Place, asked: Place[]): Verdict | null {
  const sites = sitesOf(answer);
  if (sites.length === 0) return null;
  const meant = asked.length === 0 ? sites : sites.filter((site) => asked.some((where) => contains(where, site)));
  // The question says where, and the data knows no such place there: the guess must say the same.
  if (meant.length === 0) {
    const agrees = asked.some((where) => where.countries.some((country) => place.countries.includes(country)));
    return agrees ? { correct: true, confidence: QUESTION_PLACED_CONFIDENCE } : MISPLACED;
  }
  if (!contains(place, meant[0]!)) return MISPLACED;
  return { correct: true, confidence: place.vague ? VAGUELY_PLACED_CONFIDENCE : PLACED_CONFIDENCE };
}

/** The answer as a country, then as cities (most populous first), then as states. */
function sitesOf(answer: string): Site[] {
  const country = countryCode(answer);
  const key = placeKey(answer);
  const provinces = placeNamed(key)?.provinces ?? [];
  return [
    ...(country === undefined ? [] : [{ country, province: "", population: Infinity }]),
    ...citiesNamed(answer),
    ...provinces.map(({ province, country: owner }) => ({ country: owner, province, population: 0 })),
  ];
}

/** A country holds its cities and states; a state holds its cities, and stands for its country when the site is one. */
function contains(place: Place, site: Site): boolean {
  if (place.countries.includes(site.country)) return true;
  return place.provinces.some((p) => p.country === site.country && (site.province === "" || p.province === site.province));
}

/** The countries and states a question names, by name or demonym, in capitals ("US", "Illinois", "French"). */
function questionPlaces(question: string | undefined): Place[] {
  if (question === undefined) return [];
  const words = question.replace(/['’]s\b/g, "").match(/[\p{L}\p{M}'’.-]+/gu) ?? [];
  const found: Place[] = [];
  for (let start = 0; start < words.length; start++) {
    if (!/^\p{Lu}/u.test(words[start]!)) continue;
    for (let end = Math.min(words.length, start + LONGEST_PLACE); end > start; end--) {
      const place = placeNamed(placeKey(words.slice(start, end).join(" ")), true);
      if (place) {
        found.push(place);
        start = end - 1;
        break;
      }
    }
  }
  return found;
}
