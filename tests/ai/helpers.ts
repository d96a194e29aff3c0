// Shared set-up for the AI tests: a config pointing the real SDK at the fake server, a log that
// records lines, and a small valid question item.
import type { AiConfig } from "../../src/ai/anthropic-tool";

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
