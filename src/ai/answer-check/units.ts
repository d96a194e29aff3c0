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
  ["time", "second", "seconds sec secs"],
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

const UNITS = new Map<string, Unit>([[VAGUE_UNIT, { id: VAGUE_UNIT, kind: "temperature" }], ["degrees", { id: VAGUE_UNIT, kind: "temperature" }]]);
for (const [kind, id, spellings] of TABLE) {
  for (const spelling of [id, ...spellings.split(" ").filter(Boolean)]) UNITS.set(spelling, { id, kind });
}

export function unitOf(word: string): Unit | undefined {
  return UNITS.get(word);
}

/** Writes every unit that follows a number, or a unit after one ("100 degrees celsius"), as its id. */
export function canonicalUnits(tokens: string[], isNumber: (token: string) => boolean): string[] {
  const out: string[] = [];
  let afterQuantity = false;
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i]!;
    const percent: boolean = afterQuantity && token === "per" && tokens[i + 1] === "cent";
    const unit: string | undefined = percent ? "percent" : afterQuantity ? UNITS.get(token)?.id : undefined;
    out.push(unit ?? token);
    if (percent) i += 1;
    afterQuantity = unit !== undefined || isNumber(token);
  }
  return out;
}
