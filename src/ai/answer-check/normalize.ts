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
    .normalize("NFKD")
    .replace(/[\p{M}\p{Cf}]/gu, "")
    .toLowerCase()
    .replace(/[ßæœøłđðþı]/g, (letter) => LETTER_FOLDS[letter] ?? letter);
}

/** Splits folded text into word and number tokens; all other punctuation only separates. */
export function tokenize(folded: string): string[] {
  const text = folded
    .replace(/&/g, " and ")
    .replace(/%/g, " percent ")
    // Apostrophes join: "O'Brien" and "OBrien" are the same name, "it's" becomes "its".
    .replace(/['’‘`´ʼ]/g, "")
    // Digit grouping: "1,000" and "1 000" are one number, not two.
    .replace(/(\d),(?=\d{3}(?!\d))/g, "$1")
    .replace(/(?<![\d.])(\d{1,3})((?: \d{3})+)(?![\d.])/g, (_match, head: string, rest: string) => head + rest.replace(/ /g, ""))
    .replace(/(\d)(?:st|nd|rd|th)\b/g, "$1")
    // A period between letters marks an abbreviation ("U.S.A."), not a break between words.
    .replace(/(?<=\p{L})\.(?=\p{L})/gu, "");
  return text.match(/\d+(?:\.\d+)?|\p{L}+/gu) ?? [];
}
