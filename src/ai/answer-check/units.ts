// Units written after a number ("42 km", "8 mins", "100 °C"). Every spelling of a unit becomes one
// id, so "42 km" and "42 kilometres" compare equal, and each unit has a kind, so "8 hours" can be
// told apart from the "minutes" a question asked for. Only units quiz answers use: no currencies
// ("pounds" would clash with weight), no "k" ("100k" means a hundred thousand more often than kelvin).

export type Unit = { id: string; kind: string };

const TABLE: [kind: string, id: string, spellings: string][] = [
  ["length", "mm", "millimetre millimetres millimeter millimeters"],
  ["length", "cm", "centimetre centimetres centimeter centimeters cms"],
  ["length", "m", "metre metres meter meters"],
  ["length", "km", "kilometre kilometres kilometer kilometers kms"],
  ["length", "inch", "inches"],
  ["length", "foot", "feet ft"],
  ["length", "yard", "yards yd yds"],
  ["length", "mile", "miles mi"],
  ["mass", "mg", "milligram milligrams"],
  ["mass", "g", "gram grams gramme grammes"],
  ["mass", "kg", "kilogram kilograms kilo kilos kgs"],
  ["mass", "tonne", "tonnes ton tons"],
  ["mass", "lb", "lbs pound pounds"],
  ["mass", "oz", "ounce ounces"],
  ["time", "second", "seconds sec secs s"],
  ["time", "minute", "minutes min mins"],
  ["time", "hour", "hours hr hrs h"],
  ["time", "day", "days"],
  ["time", "week", "weeks"],
  ["time", "month", "months"],
  ["time", "year", "years yr yrs"],
  ["time", "decade", "decades"],
  ["time", "century", "centuries"],
  ["temperature", "c", "celsius centigrade"],
  ["temperature", "f", "fahrenheit"],
  ["temperature", "kelvin", "kelvins"],
  ["volume", "ml", "millilitre millilitres milliliter milliliters"],
  ["volume", "litre", "litres liter liters"],
  ["volume", "gallon", "gallons"],
  ["volume", "pint", "pints"],
  ["speed", "mph", ""],
  ["speed", "kph", "kmh"],
  ["share", "percent", "percentage"],
];

/** "Degrees" says a temperature (or an angle) without saying which scale, so it never clashes with one. */
export const VAGUE_UNIT = "degree";

const UNITS = new Map<string, Unit>(["degrees", "deg"].map((spelling) => [spelling, { id: VAGUE_UNIT, kind: "temperature" }]));
UNITS.set(VAGUE_UNIT, { id: VAGUE_UNIT, kind: "temperature" });
for (const [kind, id, spellings] of TABLE) {
  for (const spelling of [id, ...spellings.split(" ").filter(Boolean)]) UNITS.set(spelling, { id, kind });
  // A unit squared or cubed is a unit of its own ("km2" for km², "second2" in m/s²).
  for (const power of ["2", "3"]) UNITS.set(`${id}${power}`, { id: `${id}${power}`, kind: `${kind}${power}` });
}

// "mph" is "miles per hour" is "mi/h": a rate is its units in order, "per" and "/" left out.
const RATES: Record<string, string[]> = { mph: ["mile", "hour"], kph: ["km", "hour"] };
// "square kilometres", "sq km", "km²" (which NFKD leaves as "km2"), "metres per second squared".
const POWER_BEFORE: Record<string, string> = { square: "2", sq: "2", cubic: "3", cu: "3" };
const POWER_AFTER: Record<string, string> = { squared: "2", 2: "2", cubed: "3", 3: "3" };

export function unitOf(word: string): Unit | undefined {
  return UNITS.get(word);
}

/**
 * Writes every unit that follows a number, or a unit after one ("100 degrees celsius"), as its
 * id; a rate as its units in order ("60 mph" is "60 mile hour", as is "60 miles per hour"), a
 * power as one unit ("100 square kilometres" is "100 km2").
 */
export function canonicalUnits(tokens: string[], isNumber: (token: string) => boolean): string[] {
  const out: string[] = [];
  let afterQuantity = false;
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i]!;
    const next = tokens[i + 1] ?? "";
    if (afterQuantity && token === "per" && next === "cent") {
      out.push("percent");
      i += 1;
      continue;
    }
    const unitBefore = afterQuantity && POWER_BEFORE[token] !== undefined ? UNITS.get(next) : undefined;
    const unit = unitBefore ?? (afterQuantity ? UNITS.get(token) : undefined);
    if (unit) {
      const power = unitBefore ? POWER_BEFORE[token] : POWER_AFTER[next];
      out.push(...(power ? [`${unit.id}${power}`] : (RATES[unit.id] ?? [unit.id])));
      if (power) i += 1;
      continue;
    }
    // "km per hour": "per" only joins two units.
    if (afterQuantity && token === "per" && UNITS.has(next) && out.length > 0 && !isNumber(out.at(-1)!)) continue;
    out.push(token);
    afterQuantity = isNumber(token);
  }
  return out;
}
