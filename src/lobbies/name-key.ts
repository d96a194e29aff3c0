// What player names are compared by: their confusable skeleton (Unicode TR39, section 4), so that
// "Hаna" with a Cyrillic а cannot sit beside "Hana". The confusables data (unhomoglyph's table,
// built from Unicode's confusables.txt) stays on the server; the rules receive this function
// (game/entry-rules.ts).
//
// The table is read at the first name compared, not at start-up, and looked up per character
// instead of through unhomoglyph's one regular expression of its 6,311 keys, whose compiled form
// held about 3.5 MB resident (docs/bench.md "Idle RSS, module by module"). The replacement is the
// same: at each position the key that comes first in the table's order wins, as the alternation's
// first alternative that matches does (tests/lobbies/name-key.test.ts holds the two equal).

/** Each key (one or two UTF-16 code units) to its place in the table's order and its prototype. */
type Table = Map<string, { at: number; to: string }>;
let table: Table | null = null;

function loaded(): Table {
  if (table) return table;
  const data = require("unhomoglyph/data.json") as Record<string, string>;
  table = new Map(Object.entries(data).map(([key, to], at) => [key, { at, to }]));
  return table;
}

/** Each confusable replaced by its prototype, as unhomoglyph does. */
export function prototypes(text: string): string {
  const keys = loaded();
  let out = "";
  for (let i = 0; i < text.length; ) {
    const one = keys.get(text[i]!);
    const two = i + 1 < text.length ? keys.get(text.slice(i, i + 2)) : undefined;
    const [hit, length] = one && (!two || one.at < two.at) ? [one, 1] : two ? [two, 2] : [undefined, 1];
    out += hit ? hit.to : text[i]!;
    i += length;
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
