// What player names are compared by: their confusable skeleton (Unicode TR39, section 4), so that
// "Hаna" with a Cyrillic а cannot sit beside "Hana". The confusables data (unhomoglyph's table,
// built from Unicode's confusables.txt) stays on the server; the rules receive this function
// (game/entry-rules.ts).
//
// The table is read at the first name compared, not at start-up, and looked up per character
// instead of through unhomoglyph's one regular expression of its 6,311 keys, whose compiled form
// held about 3.5 MB resident (docs/bench.md "Idle RSS, module by module"). The replacement is the
// same (tests/lobbies/name-key.test.ts holds the two equal): no two-unit key of the table begins
// with a one-unit key, so at each position at most one key matches, whichever the alternation's order.

/** Each key (one or two UTF-16 code units) to its prototype: the package's own object, which its loader keeps anyway. */
let table: Record<string, string> | null = null;

function loaded(): Record<string, string> {
  table ??= require("unhomoglyph/data.json") as Record<string, string>;
  return table;
}

/** Only the table's own keys answer: a lookup never reads Object.prototype. */
const lookup = (keys: Record<string, string>, key: string) => (Object.hasOwn(keys, key) ? keys[key] : undefined);

/** Each confusable replaced by its prototype, as unhomoglyph does. */
export function prototypes(text: string): string {
  const keys = loaded();
  let out = "";
  for (let i = 0; i < text.length; ) {
    const one = lookup(keys, text[i]!);
    const two = i + 1 < text.length ? lookup(keys, text.slice(i, i + 2)) : undefined;
    out += one ?? two ?? text[i]!;
    i += one === undefined && two !== undefined ? 2 : 1;
  }
  return out;
}

/** TR39's skeleton: NFD, each character replaced by its prototype, NFD again. */
const skeleton = (text: string) => prototypes(text.normalize("NFD")).normalize("NFD");

/**
 * The skeleton, ignoring case too (names are unique ignoring case): "Ηana" (Greek Η) and "hana" meet.
 * Latin capitals are lowered first: TR39 takes a capital I for a small l, which would let "RIO" sit
 * beside "Rio".
 */
export const nameKey = (name: string) => skeleton(skeleton(name.replace(/[A-Z]/g, (c) => c.toLowerCase())).toLowerCase());
