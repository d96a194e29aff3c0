// What player names are compared by: their confusable skeleton (Unicode TR39, section 4), so that
// "Hаna" with a Cyrillic а cannot sit beside "Hana". The confusables data (unhomoglyph, built from
// Unicode's confusables.txt) stays on the server; the rules receive this function (game/entry-rules.ts).
import unhomoglyph from "unhomoglyph";

/** TR39's skeleton: NFD, each character replaced by its prototype, NFD again. */
const skeleton = (text: string) => unhomoglyph(text.normalize("NFD")).normalize("NFD");

/**
 * The skeleton, ignoring case too (names are unique ignoring case): "Ηana" (Greek Η) and "hana" meet.
 * Latin capitals are lowered first: TR39 takes a capital I for a small l, which would let "RIO" sit
 * beside "Rio".
 */
export const nameKey = (name: string) => skeleton(skeleton(name.replace(/[A-Z]/g, (c) => c.toLowerCase())).toLowerCase());
