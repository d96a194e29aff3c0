// English number words to digits, so "twenty-one", "21" and "21st" compare equal; "minus" signs a
// number ("minus 40" is "-40"), and an era stays on its year ("1066 AD" is 1066, "44 BC" is not 44).
// Written here rather than taken from npm: `words-to-numbers` (the common choice) was last
// published years ago, drags in babel-runtime 6, and fuzzy-matches words into numbers, which
// would turn ordinary answers into digits. Quiz answers only need cardinals and ordinals up
// to the billions and spoken years ("nineteen sixty-nine"), which fit in this small parser.

const SMALL: Record<string, number> = {
  zero: 0, one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9,
  ten: 10, eleven: 11, twelve: 12, thirteen: 13, fourteen: 14, fifteen: 15, sixteen: 16,
  seventeen: 17, eighteen: 18, nineteen: 19,
};
const TENS: Record<string, number> = {
  twenty: 20, thirty: 30, forty: 40, fifty: 50, sixty: 60, seventy: 70, eighty: 80, ninety: 90,
};
const SCALES: Record<string, number> = { thousand: 1e3, million: 1e6, billion: 1e9 };
const ORDINALS: Record<string, string> = {
  first: "one", second: "two", third: "three", fourth: "four", fifth: "five", sixth: "six",
  seventh: "seven", eighth: "eight", ninth: "nine", tenth: "ten", eleventh: "eleven",
  twelfth: "twelve", thirteenth: "thirteen", fourteenth: "fourteen", fifteenth: "fifteen",
  sixteenth: "sixteen", seventeenth: "seventeen", eighteenth: "eighteen", nineteenth: "nineteen",
  twentieth: "twenty", thirtieth: "thirty", fortieth: "forty", fiftieth: "fifty",
  sixtieth: "sixty", seventieth: "seventy", eightieth: "eighty", ninetieth: "ninety",
  hundredth: "hundred", thousandth: "thousand", millionth: "million", billionth: "billion",
};

type Last = "none" | "digits" | "unit" | "teen" | "tens" | "hundred" | "scale";
type Parsed = { value: number; end: number };

const isDigits = (token: string | undefined): token is string => token !== undefined && /^\d/.test(token);
const isMultiplier = (token: string | undefined) => token === "hundred" || (token !== undefined && token in SCALES);

const SIGNS = new Set(["minus", "negative"]);
const COMMON_ERA = new Set(["ad", "ce"]);
const BEFORE_COMMON_ERA = new Set(["bc", "bce"]);

/** Replaces every run of number words with its value in digits, signed after "minus"; other tokens pass through. */
export function numberWordsToDigits(tokens: string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < tokens.length; ) {
    const signed = SIGNS.has(tokens[i]!);
    // "metres per second" is a rate, not a second place.
    const rate = tokens[i] === "second" && tokens[i - 1] === "per";
    const parsed = rate ? null : signed ? signedNumber(tokens, i + 1) : parseNumber(tokens, i);
    if (parsed) {
      out.push(signed ? `-${parsed.value}` : String(parsed.value));
      i = parsed.end;
    } else {
      out.push(tokens[i]!);
      i += 1;
    }
  }
  return out;
}

/** "1066 AD" and "AD 1066" are the year 1066; "44 BC" is not 44, so the era stays on the number ("44bc"). */
export function foldEras(tokens: string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i]!;
    const next = tokens[i + 1] ?? "";
    if (COMMON_ERA.has(token) && isYear(next)) continue;
    if (isYear(token) && (COMMON_ERA.has(next) || BEFORE_COMMON_ERA.has(next))) {
      out.push(COMMON_ERA.has(next) ? token : `${token}bc`);
      i += 1;
    } else {
      out.push(token);
    }
  }
  return out;
}

const isYear = (token: string) => /^\d+$/.test(token);

/** After "minus": number words, or digits as typed ("minus 40", "minus 273.15"). */
function signedNumber(tokens: string[], at: number): { value: number | string; end: number } | null {
  const token = tokens[at];
  return parseNumber(tokens, at) ?? (isDigits(token) ? { value: token, end: at + 1 } : null);
}

function parseNumber(tokens: string[], start: number): Parsed | null {
  let i = start;
  let total = 0; // completed thousands/millions/billions
  let group = 0; // the part below the last scale word
  let last: Last = "none";
  let lastScale = Infinity;
  // "a hundred", "3 million", "1.5 billion": a leading count only joins a following multiplier.
  const head = tokens[i];
  if ((head === "a" || isDigits(head)) && isMultiplier(tokens[i + 1])) {
    group = head === "a" ? 1 : Number(head);
    last = "digits";
    i += 1;
  }
  for (; i < tokens.length; i++) {
    const raw = tokens[i]!;
    const word = ORDINALS[raw] ?? raw;
    if (word === "and") {
      // "one hundred and five" is one number; "Romeo and Juliet" leaves "and" alone.
      const next = tokens[i + 1];
      if ((last === "hundred" || last === "scale") && next !== undefined && (next in SMALL || next in TENS)) continue;
      break;
    }
    const small = SMALL[word] ?? TENS[word];
    if (small !== undefined) {
      const kind: Last = small >= 20 ? "tens" : small >= 10 || small === 0 ? "teen" : "unit";
      const fits =
        last === "none" || last === "hundred" || last === "scale" || (kind === "unit" && last === "tens");
      if (!fits) return spokenYear(tokens, i, total, group, last) ?? { value: total + group, end: i };
      group += small;
      last = kind;
      if (small === 0) return { value: 0, end: i + 1 };
    } else if (word === "hundred") {
      if (last === "hundred" || last === "scale" || group >= 100) break;
      group = (group || 1) * 100;
      last = "hundred";
    } else if (word in SCALES) {
      const scale = SCALES[word]!;
      if (scale >= lastScale) break;
      total += (group || 1) * scale;
      group = 0;
      lastScale = scale;
      last = "scale";
    } else {
      const year = word === "oh" || word === "o" ? spokenYear(tokens, i, total, group, last) : null;
      if (year) return year;
      break;
    }
    if (word !== raw) return { value: total + group, end: i + 1 }; // an ordinal closes the number
  }
  return last === "none" ? null : { value: total + group, end: i };
}

/** "nineteen sixty-nine", "twenty twenty", "nineteen oh five": two spoken pairs make a year. */
function spokenYear(tokens: string[], at: number, total: number, century: number, last: Last): Parsed | null {
  if (total !== 0 || century < 10 || century > 99 || last === "digits") return null;
  if (tokens[at] === "oh" || tokens[at] === "o") {
    const unit = SMALL[tokens[at + 1] ?? ""];
    return unit !== undefined && unit < 10 ? { value: century * 100 + unit, end: at + 2 } : null;
  }
  const rest = parseNumber(tokens, at);
  return rest && rest.value < 100 ? { value: century * 100 + rest.value, end: rest.end } : null;
}
