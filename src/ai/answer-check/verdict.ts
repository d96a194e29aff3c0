/** A judgement with how sure it is: 1 is certain; below 0.75 the caller asks an AI judge. */
export type Verdict = { correct: boolean; confidence: number };
