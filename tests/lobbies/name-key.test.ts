// The per-character lookup of the confusables (src/lobbies/name-key.ts) against unhomoglyph's own
// regular expression, on strings made of the table's keys, their halves and plain text.
import { describe, expect, test } from "bun:test";
import fc from "fast-check";
import unhomoglyph from "unhomoglyph";
import data from "unhomoglyph/data.json";
import { nameKey, prototypes } from "../../src/lobbies/name-key";

const keys = Object.keys(data as Record<string, string>);
const pieces = [...keys, ...keys.flatMap((k) => [...k]), "a", "b", "rn", "Hana", " ", "I", "l", "😀"];

describe("the confusables' lookup", () => {
  test("replaces as unhomoglyph does, on any mix of keys, their code units and plain text", () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...pieces), { maxLength: 12 }), (parts) => {
        const text = parts.join("");
        expect(prototypes(text)).toBe(unhomoglyph(text));
      }),
      { numRuns: 3000 },
    );
  });

  test("no two-unit key begins with a one-unit key, so at most one key matches at a position", () => {
    const single = new Set(keys.filter((k) => k.length === 1));
    expect(keys.filter((k) => k.length === 2 && single.has(k[0]!))).toEqual([]);
  });

  test("every key alone, and each pair of a key's neighbours in the table", () => {
    for (let i = 0; i < keys.length; i++) {
      expect(prototypes(keys[i]!)).toBe(unhomoglyph(keys[i]!));
      const pair = keys[i]! + (keys[i + 1] ?? "");
      expect(prototypes(pair)).toBe(unhomoglyph(pair));
    }
  });

  test("names that look alike meet; names that differ do not", () => {
    expect(nameKey("H\u0430na")).toBe(nameKey("Hana"));
    expect(nameKey("\u0397ana")).toBe(nameKey("hana"));
    expect(nameKey("RIO")).not.toBe(nameKey("Rlo"));
    expect(nameKey("Ana")).not.toBe(nameKey("Dana"));
  });
});
