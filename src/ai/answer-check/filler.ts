// Words around an answer that do not change it: hedging filler, articles, titles, name suffixes.
// All lists are in folded form (lowercase, no apostrophes: "it's" arrives as "its").

const phrases = (list: string[]) => list.map((phrase) => phrase.split(" ")).sort((a, b) => b.length - a.length);

const LEADING_FILLER = phrases([
  "i think", "i believe", "i guess", "i reckon", "i suppose", "im guessing", "i would say", "id say",
  "im going with", "im going to say", "im gonna say", "ill go with", "ill say", "id go with", "i say",
  "im pretty sure", "i am pretty sure", "pretty sure", "im sure", "i am sure",
  "im not sure but", "not sure but", "im not sure", "not sure",
  "the answer is", "answer is", "my answer is", "my guess is", "my guess", "final answer", "answer",
  "its", "it is", "it was", "thats", "that is", "is it", "was it", "is that", "could it be",
  "it has to be", "it must be", "has to be", "must be", "gotta be", "of course",
  "maybe", "perhaps", "probably", "possibly", "definitely", "surely", "obviously", "easy",
  "um", "umm", "uh", "er", "erm", "hmm", "hmmm", "hm", "ok", "okay", "oh", "well", "so", "lol",
]);
const TRAILING_FILLER = phrases([
  "i think", "i believe", "i guess", "i reckon", "i suppose", "i hope", "maybe", "probably", "perhaps",
  "right", "isnt it", "obviously", "of course", "surely", "definitely", "for sure", "no doubt", "easy",
  "final answer", "lol", "but im not sure", "but not sure", "im not sure", "not sure",
]);

/** Quiz answers drop a leading "a"/"an" freely; "the" is dropped everywhere ("Henry the Eighth"). */
export const ENGLISH_ARTICLES = new Set(["a", "an"]);
/** Accepted on a guess ("Le Louvre") but never removed from an answer: "El Salvador" is not "Salvador". */
export const FOREIGN_ARTICLES = new Set(["le", "la", "les", "l", "el", "los", "las", "il", "lo", "gli", "der", "die", "das", "den"]);
export const HONORIFICS = new Set([
  "sir", "dame", "dr", "doctor", "mr", "mrs", "ms", "miss", "lord", "lady", "saint", "king", "queen",
  "prince", "princess", "emperor", "empress", "president", "general", "captain", "pope",
]);
// "Martin Luther King Jr." is also answered as "Martin Luther King".
const NAME_SUFFIXES = new Set(["jr", "sr", "junior", "senior"]);
// Abbreviations that mean one word before a name ("St Lucia", "Mt Fuji", "Ft Knox") or at its end ("Baker St").
export const ABBREVIATIONS: Record<string, string> = { st: "saint", mt: "mount", ft: "fort" };
export const TRAILING_ABBREVIATIONS: Record<string, string> = { st: "street", rd: "road", ave: "avenue" };

/** Removes filler phrases from both ends, leaving at least `keep` tokens (0: "is it just filler?"). */
export function stripFiller(tokens: string[], keep = 1): string[] {
  let rest = tokens;
  for (let changed = true; changed; ) {
    changed = false;
    for (const phrase of LEADING_FILLER) {
      if (phrase.length <= rest.length - keep && phrase.every((word, i) => rest[i] === word)) {
        rest = rest.slice(phrase.length);
        changed = true;
      }
    }
    for (const phrase of TRAILING_FILLER) {
      const offset = rest.length - phrase.length;
      if (offset >= keep && phrase.every((word, i) => rest[offset + i] === word)) {
        rest = rest.slice(0, offset);
        changed = true;
      }
    }
  }
  return rest;
}

/** Drops the first token when it is in `words` and at least `keep` tokens would remain. */
export function dropLeading(tokens: string[], words: Set<string>, keep = 1): string[] {
  return tokens.length > keep && words.has(tokens[0]!) ? tokens.slice(1) : tokens;
}

/** Drops a trailing "Jr."/"Sr."; null when there is none. */
export function dropNameSuffix(tokens: string[]): string[] | null {
  return tokens.length > 2 && NAME_SUFFIXES.has(tokens.at(-1)!) ? tokens.slice(0, -1) : null;
}
