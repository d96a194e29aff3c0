// Shared set-up for the AI tests: a config pointing the real SDK at the fake server, a log that
// records lines, a small valid question item, and the check that answers are accepted on either
// side of the AI judge's threshold.
import { expect } from "bun:test";
import { checkAnswer } from "../../src/ai/answer-check";
import type { AiConfig } from "../../src/ai/anthropic-tool";
import { UNSURE_BELOW } from "../../src/ai/composite-judge";

export function aiConfig(baseURL: string, over: Partial<AiConfig> = {}): AiConfig & { ANTHROPIC_API_KEY: string } {
  return { ANTHROPIC_API_KEY: "test-key", ANTHROPIC_BASE_URL: baseURL, AI_MODEL: "test-model", AI_TIMEOUT_MS: 2000, ...over } as AiConfig & { ANTHROPIC_API_KEY: string };
}

export function recordingLog() {
  const lines: string[] = [];
  return { lines, log: (line: string) => void lines.push(line) };
}

export function item(category: string, n: number, over: Record<string, unknown> = {}) {
  return { category, question: `Generated question number ${n} about ${category}?`, answer: `Answer${n}`, aliases: [`Ans ${n}`], ...over };
}

/** Each guess is accepted for its answer, and below the AI judge's threshold (left to the AI) or at or above it. */
export function expectAccepted(rows: [answer: string, given: string, question?: string][], unsure: boolean) {
  for (const [answer, given, question] of rows) {
    const verdict = checkAnswer({ answer, aliases: [], ...(question === undefined ? {} : { question }) }, given);
    expect({ given, correct: verdict.correct, unsure: verdict.confidence < UNSURE_BELOW }).toEqual({ given, correct: true, unsure });
  }
}
