// One forced tool call to the Anthropic API, with its result checked by zod. Both AI parts (the
// question writer and the answer judge) read the model's output ONLY from the tool_use input of
// the tool they forced: free text in the reply is never parsed, so the model cannot smuggle a
// verdict or a question past the schema.
import Anthropic from "@anthropic-ai/sdk";
import type { z } from "zod";
import type { Config } from "../config";

export type AiConfig = Pick<Config, "ANTHROPIC_API_KEY" | "ANTHROPIC_BASE_URL" | "AI_MODEL" | "AI_TIMEOUT_MS">;

export interface AiClient {
  sdk: Anthropic;
  model: string;
  /** The whole budget of one call, retries included: players are waiting on it. */
  timeoutMs: number;
}

export function makeClient(config: AiConfig & { ANTHROPIC_API_KEY: string }): AiClient {
  const sdk = new Anthropic({
    apiKey: config.ANTHROPIC_API_KEY,
    baseURL: config.ANTHROPIC_BASE_URL ?? null,
    timeout: config.AI_TIMEOUT_MS,
    // One retry for a fast 429/5xx; the overall deadline below still bounds the wait.
    maxRetries: 1,
    // Failures are reported by our callers as one line each; the SDK's own lines would double them.
    logLevel: "off",
  });
  return { sdk, model: config.AI_MODEL, timeoutMs: config.AI_TIMEOUT_MS };
}

/** Raised for a reply that arrived but does not hold a valid call of the forced tool. */
export class MalformedReply extends Error {
  override name = "MalformedReply";
}

export interface ToolCall<S extends z.ZodType> {
  system: string;
  user: string;
  tool: { name: string; description: string; input_schema: Anthropic.Tool.InputSchema };
  schema: S;
  maxTokens: number;
}

export async function callTool<S extends z.ZodType>(client: AiClient, call: ToolCall<S>): Promise<z.infer<S>> {
  const message = await client.sdk.messages.create(
    {
      model: client.model,
      max_tokens: call.maxTokens,
      system: call.system,
      messages: [{ role: "user", content: call.user }],
      tools: [{ ...call.tool, strict: true }],
      tool_choice: { type: "tool", name: call.tool.name, disable_parallel_tool_use: true },
    },
    // The SDK's timeout is per attempt; this signal caps attempts and retry waits together.
    { signal: AbortSignal.timeout(client.timeoutMs) },
  );
  const use = message.content.find((block) => block.type === "tool_use" && block.name === call.tool.name);
  if (!use || use.type !== "tool_use") throw new MalformedReply(`no ${call.tool.name} call in the reply (stop: ${message.stop_reason})`);
  const parsed = call.schema.safeParse(use.input);
  if (!parsed.success) throw new MalformedReply(`${call.tool.name} input invalid: ${parsed.error.issues[0]?.message ?? "?"}`);
  return parsed.data;
}

/** A short reason for a log line: status code and kind, never a stack or the request. */
export function describeFailure(err: unknown): string {
  if (err instanceof MalformedReply) return `malformed reply (${err.message})`;
  if (err instanceof Anthropic.APIConnectionTimeoutError) return "timed out";
  if (err instanceof Anthropic.APIUserAbortError) return "timed out";
  if (err instanceof Anthropic.APIError && err.status !== undefined) return `HTTP ${err.status}`;
  if (err instanceof Anthropic.APIConnectionError) return "connection failed";
  if (err instanceof Error && err.name === "TimeoutError") return "timed out";
  return err instanceof Error ? err.message : String(err);
}

/**
 * Player or host text as data in a prompt: JSON-escaped (quotes, backslashes, newlines) and with
 * angle brackets escaped too, so it can never close the <...> block it sits in.
 */
export function quoteData(value: unknown): string {
  return JSON.stringify(value).replace(/</g, "\\u003c").replace(/>/g, "\\u003e").replace(/&/g, "\\u0026");
}
