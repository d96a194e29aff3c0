// When two texts are the same question: a lobby never asks one twice, and the bank, a lobby's own
// questions and an AI batch each keep one copy. Compared as players read them, so a change of case,
// accents, punctuation or spacing does not make a new question. The one definition; every place
// that compares question texts goes through it.

/** Letters and digits only, single-spaced, without case or accents. */
export const plain = (s: string) =>
  s
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();

/** What a question text is compared by. */
export const questionKey = (text: string) => plain(text);

/** The questions not among `asked` (texts), each once, in their order. */
export function unasked<Q extends { question: string }>(questions: readonly Q[], asked: Iterable<string> = []): Q[] {
  const seen = new Set(Array.from(asked, questionKey));
  return questions.filter((q) => {
    const key = questionKey(q.question);
    return !seen.has(key) && Boolean(seen.add(key));
  });
}
