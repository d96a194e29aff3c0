// Roman numerals for regnal numbers and sequels ("Henry VIII", "Rocky IV", "World War II").
// D and M are left out on purpose: "DC", "MD" and "CD" are far more often letters than 600 or 1400.

const DIGITS: Record<string, number> = { i: 1, v: 5, x: 10, l: 50, c: 100 };
const CANONICAL: [number, string][] = [
  [100, "c"], [90, "xc"], [50, "l"], [40, "xl"], [10, "x"], [9, "ix"], [5, "v"], [4, "iv"], [1, "i"],
];

/** The value of a numeral written the standard way, or null; "civil", "ill" and "il" are not numerals. */
export function romanValue(token: string): number | null {
  if (!/^[ivxlc]+$/.test(token)) return null;
  let value = 0;
  for (let i = 0; i < token.length; i++) {
    const digit = DIGITS[token[i]!]!;
    const next = DIGITS[token[i + 1] ?? ""] ?? 0;
    value += digit < next ? -digit : digit;
  }
  return value > 0 && toRoman(value) === token ? value : null;
}

function toRoman(value: number): string {
  let out = "";
  let rest = value;
  for (const [amount, letters] of CANONICAL) {
    while (rest >= amount) {
      out += letters;
      rest -= amount;
    }
  }
  return out;
}
