// Shared pieces of the hostile-input suite: fast-check arbitraries for values a client should never
// send (wrong types, huge strings, prototype keys, odd numbers), raw texts JSON.stringify cannot
// produce, and the prototype-pollution check.
import { expect } from "bun:test";
import fc from "fast-check";

/** Keys that pollute Object.prototype when an object is merged carelessly. */
export const PROTO_KEYS = ["__proto__", "constructor", "prototype"] as const;

/** Properties the rules read off objects: none may ever appear on a plain `{}`. */
const WATCHED = ["isHost", "isCaptain", "team", "token", "rounds", "roundLimit", "tags", "settings", "playerId", "code", "polluted", "admin"];

/** Numbers and number-like strings that trip naive parsing: NaN-ish text, -0, 1e308, overflowing literals. */
export const oddNumber = fc.constantFrom<unknown>(0, -0, 1, -1, 1.5, 1e308, -1e308, 5e-324, 2 ** 53, -(2 ** 53), 2 ** 31, "NaN", "-NaN", "Infinity", "-Infinity", "-0", "1e308", "1e400", "0x10", "0b11", "1_000", " 7 ", "7abc", "", "٣", "1e-400");

/** Strings that are long, blank, control-laden, or pretend to be something else. */
export const oddString = fc.oneof(
  fc.string(),
  fc.string({ unit: "binary", maxLength: 40 }),
  fc.constantFrom("", " ", "\t\n", "\u0000", "\u200b", "\ud800", "\udfff", "\uffff", "é", "__proto__", "constructor", "prototype", "toString", "hasOwnProperty", "blue", "red", "BLUE", " red ", "<script>alert(1)</script>", "null", "undefined", "true"),
  // huge: up to about 20 KB (the body limit is 16 KiB, so some of these are refused as too large)
  fc.tuple(fc.string({ minLength: 1, maxLength: 4 }), fc.integer({ min: 100, max: 5000 })).map(([s, n]) => s.repeat(n)),
);

export const oddScalar = fc.oneof(fc.constantFrom<unknown>(null, true, false), oddNumber, oddString, fc.integer(), fc.double());

/** Any JSON-able value, whose object keys favour `keys` and the prototype keys. */
export function oddValue(keys: readonly string[] = []): fc.Arbitrary<unknown> {
  const key = fc.oneof(fc.constantFrom(...keys, ...PROTO_KEYS), fc.string({ maxLength: 8 }));
  return fc.letrec<{ value: unknown }>((tie) => ({
    value: fc.oneof(
      { depthSize: "small", withCrossShrink: true },
      oddScalar,
      fc.array(tie("value"), { maxLength: 6 }),
      fc.dictionary(key, tie("value"), { maxKeys: 6 }),
    ),
  })).value;
}

/** Raw JSON texts whose prototype keys survive to the parser (an object literal would drop them). */
export function protoTexts(valid: Record<string, unknown>): string[] {
  const inner = JSON.stringify(valid);
  const privileged = JSON.stringify({ ...valid, isHost: true, isCaptain: true, team: "red", playerId: "x" });
  return [
    '{"__proto__":{"isHost":true}}',
    '{"__proto__":{"isHost":true,"polluted":1},"constructor":{"prototype":{"isHost":true}}}',
    `{"__proto__":${inner}}`,
    `{"constructor":{"prototype":${inner}}}`,
    `{"__proto__":${privileged},"constructor":{"prototype":${privileged}}}`,
    inner.replace(/^\{/, '{"__proto__":{"isHost":true,"admin":true},'),
    inner.replace(/^\{/, '{"constructor":{"prototype":{"isHost":true}},"prototype":{"isHost":true},'),
    `{"settings":{"__proto__":{"rounds":3,"tags":["x"]}}}`,
    `[${inner}]`,
  ];
}

const nest = (open: string, close: string, depth: number, core = "1") => open.repeat(depth) + core + close.repeat(depth);

/** Deep nesting, as text (5000 levels of arrays is 10 KB, under the body limit). */
export const DEEP_TEXTS = [
  nest("[", "]", 5000, ""),
  nest('{"a":', "}", 2500),
  `{"playerName":"Deep","code":"ABCD","settings":${nest("[", "]", 4000, "")},"team":${nest("[", "]", 1000)}}`,
  `{"settings":{"tags":${nest("[", "]", 5000, '"x"')}}}`,
  nest("[", "]", 5000, '{"__proto__":{"isHost":true}}').slice(0, 16000),
];

/** Not JSON at all, or JSON cut short. */
export const BROKEN_TEXTS = ["{", "}", "{oops", '{"playerName":', '{"a":1,}', "[1,2", "'x'", "NaN", "Infinity", "undefined", '{"a":NaN}', '{"a":1e400}', "\u0000", "\ufeff{}", "{}{}", '{"a":"\\ud800"}', '{"a":"\\x41"}', "-", "0x10", "//{}"];

/** Valid JSON around bytes that are not UTF-8: lone 0xFF, an overlong "/", a lone continuation, a cut sequence, an encoded surrogate. */
export const BAD_UTF8: number[][] = [[0xff], [0xc0, 0xaf], [0x80], [0xe2, 0x82], [0xed, 0xa0, 0x80], [0xf8, 0x88, 0x80, 0x80, 0x80], [0xfe, 0xfe]];

export function withBadBytes(json: string, bad: number[]): Uint8Array<ArrayBuffer> {
  const enc = new TextEncoder();
  const cut = json.indexOf('":"') + 3;
  const at = cut > 2 ? cut : 1;
  return new Uint8Array([...enc.encode(json.slice(0, at)), ...bad, ...enc.encode(json.slice(at))]);
}

/** The prototypes' own property names now, to compare after a run. */
export function prototypeShapes(): Record<string, string[]> {
  const names = (o: object) => Reflect.ownKeys(o).map(String).sort();
  return { object: names(Object.prototype), array: names(Array.prototype), function: names(Function.prototype), string: names(String.prototype) };
}

/** No new property on any built-in prototype, and nothing the rules read shows up on a plain object. */
export function expectNoPollution(before: Record<string, string[]>): void {
  expect(prototypeShapes()).toEqual(before);
  const plain: Record<string, unknown> = {};
  for (const key of WATCHED) expect({ key, value: plain[key] }).toEqual({ key, value: undefined });
  expect(Object.getPrototypeOf({})).toBe(Object.prototype);
}

/** Timing of a property run, printed so the report can quote it. */
export async function timed<T>(label: string, run: () => Promise<T>): Promise<T> {
  const start = performance.now();
  try {
    return await run();
  } finally {
    console.log(`${label}: ${Math.round(performance.now() - start)} ms`);
  }
}
