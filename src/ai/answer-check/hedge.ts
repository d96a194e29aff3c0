// Shotgun answers ("Paris or London", "Paris/Rome", "either X or Y", "A, B, C") name several
// candidates at once. They are wrong even when one candidate is right, unless the answer itself
// is written that way ("Romeo and Juliet", "AC/DC").

const MARKERS: [string, RegExp][] = [
  ["or", /\b(?:or|either|nor)\b/],
  ["and", /\band\b|&|\+/],
  ["versus", /\b(?:vs|versus)\b/],
  ["slash", /\//],
  ["list", /(?<!\d)[,;](?!\d)|\d[,;](?!\d{3})/],
  ["repeated maybe", /\bmaybe\b.*\bmaybe\b/],
];

const markersOf = (folded: string) => MARKERS.filter(([, pattern]) => pattern.test(folded)).map(([name]) => name);

/** True when the guess joins candidates in a way no accepted answer does. */
export function isHedged(foldedGuess: string, foldedAnswers: string[]): boolean {
  const allowed = new Set(foldedAnswers.flatMap(markersOf));
  return markersOf(foldedGuess).some((marker) => !allowed.has(marker));
}
