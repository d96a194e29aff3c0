// Turns free text into comparable tokens: the ways of writing one thing ("Zürich"/"ZURICH",
// "1,000"/"1 000", "U.S.A."/"usa", "21st"/"21") must end up as the same tokens.

// Letters that NFKD keeps whole because they are letters of their own, not accented ones.
const LETTER_FOLDS: Record<string, string> = {
  ß: "ss",
  æ: "ae",
  œ: "oe",
  ø: "o",
  ł: "l",
  đ: "d",
  ð: "d",
  þ: "th",
  ı: "i",
};

/** Lowercases and strips accents, plus invisible format characters that phones paste along. */
export function fold(text: string): string {
  return text
    // "37ºC": phones offer the ordinal indicator beside the degree sign, and NFKD would make it an "o".
    .replace(/(?<=\d\s?)º/g, "°")
    .normalize("NFKD")
    .replace(/[\p{M}\p{Cf}]/gu, "")
    .toLowerCase()
    .replace(/[ßæœøłđðþı]/g, (letter) => LETTER_FOLDS[letter] ?? letter);
}

/** Splits folded text into word and number tokens; all other punctuation only separates. */
export function tokenize(folded: string): string[] {
  return spell(folded).match(WORD) ?? [];
}

/** Like `tokenize`, but keeps the marks that join candidates (",", ";", "/", "+") as tokens of their own. */
export function tokenizeWithMarks(folded: string): string[] {
  return spell(folded).match(WORD_OR_MARK) ?? [];
}

// A decade ("1960s") is one token, so it never reads as the year 1960 followed by a word.
const WORD = /\d+(?:\.\d+)?(?:s\b)?|\p{L}+/gu;
const WORD_OR_MARK = /\d+(?:\.\d+)?(?:s\b)?|\p{L}+|[,;/+]/gu;

/** A fraction as the decimal it is, so "3/4", "0.75" and "three quarters" compare equal. */
export function fractionText(numerator: number, denominator: number): string {
  return String(Number((numerator / denominator).toFixed(6)));
}

function spell(folded: string): string {
  return folded
    // "3/4" (and "¾", which NFKD makes "3⁄4") is one number; "1969/1970" and "24/7" stay two.
    .replace(/(?<![\d.\/\u2044])(\d{1,2})\s*[/\u2044]\s*(\d{1,2})(?![\d.\/\u2044])/g, (match, a: string, b: string) =>
      Number(a) < Number(b) ? ` ${fractionText(Number(a), Number(b))} ` : match,
    )
    // ".75" is "0.75"; a decimal's trailing zeros say nothing ("0.750").
    .replace(/(?<![\p{L}\d])\.(?=\d)/gu, "0.")
    .replace(/(\d\.\d*?)0+(?!\d)/g, (_match, kept: string) => (kept.endsWith(".") ? kept.slice(0, -1) : kept))
    .replace(/&/g, " and ")
    .replace(/%/g, " percent ")
    .replace(/°/g, " degrees ")
    // A dash straight before a number is a minus sign unless it joins two words ("Catch-22", "1939-45").
    .replace(/(^|[^\p{L}\d.])[-\u2212\u2013](?=\d)/gu, "$1 minus ")
    // Apostrophes join: "O'Brien" and "OBrien" are the same name, "it's" becomes "its".
    .replace(/['’‘`´ʼ]/g, "")
    // Digit grouping: "1,000" and "1 000" are one number, not two.
    .replace(/(\d),(?=\d{3}(?!\d))/g, "$1")
    .replace(/(?<![\d.])(\d{1,3})((?: \d{3})+)(?![\d.])/g, (_match, head: string, rest: string) => head + rest.replace(/ /g, ""))
    .replace(/(\d)(?:st|nd|rd|th)\b/g, "$1")
    // A period between letters marks an abbreviation ("U.S.A."), not a break between words.
    .replace(/(?<=\p{L})\.(?=\p{L})/gu, "");
}
