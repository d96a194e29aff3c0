// A stand-in for the Anthropic Messages API on 127.0.0.1 (port 0), for driving the real SDK in
// tests: each POST /v1/messages is recorded and answered by the next scripted reply. The real API
// is never reachable from tests, and nothing here pretends to be a model: replies are canned.
import type { Server } from "bun";

export type Reply =
  | { kind: "tool"; name: string; input: unknown; delayMs?: number }
  | { kind: "text"; text: string }
  | { kind: "status"; status: number; delayMs?: number }
  | { kind: "raw"; body: unknown };

export interface RecordedRequest {
  body: any;
  headers: Record<string, string>;
}

export interface FakeAnthropic {
  /** base URL for the SDK, e.g. http://127.0.0.1:PORT */
  url: string;
  requests: RecordedRequest[];
  /** Queue replies for the next requests; when the queue is empty, `fallback` answers. */
  reply(...replies: Reply[]): void;
  fallback: Reply;
  /** Forget recorded requests, queued replies and any changed fallback. */
  reset(): void;
  close(): Promise<void>;
}

export const tool = (name: string, input: unknown, delayMs?: number): Reply => ({ kind: "tool", name, input, delayMs });
export const status = (code: number, delayMs?: number): Reply => ({ kind: "status", status: code, delayMs });
export const text = (t: string): Reply => ({ kind: "text", text: t });

function message(content: unknown[], stop: string) {
  return {
    id: `msg_fake_${Math.random().toString(36).slice(2)}`,
    type: "message",
    role: "assistant",
    model: "fake-model",
    content,
    stop_reason: stop,
    stop_sequence: null,
    usage: { input_tokens: 10, output_tokens: 10 },
  };
}

const ERROR_TYPES: Record<number, string> = { 429: "rate_limit_error", 500: "api_error", 529: "overloaded_error", 400: "invalid_request_error" };

async function answer(r: Reply): Promise<Response> {
  if ("delayMs" in r && r.delayMs) await Bun.sleep(r.delayMs);
  switch (r.kind) {
    case "tool":
      return Response.json(message([{ type: "tool_use", id: "toolu_fake", name: r.name, input: r.input }], "tool_use"));
    case "text":
      return Response.json(message([{ type: "text", text: r.text }], "end_turn"));
    case "raw":
      return Response.json(r.body);
    case "status":
      // retry-after-ms keeps the SDK's one retry quick in tests.
      return Response.json(
        { type: "error", error: { type: ERROR_TYPES[r.status] ?? "api_error", message: "fake failure" } },
        { status: r.status, headers: { "retry-after-ms": "10" } },
      );
  }
}

export function startFakeAnthropic(): FakeAnthropic {
  const queue: Reply[] = [];
  const requests: RecordedRequest[] = [];
  const fake: FakeAnthropic = {
    url: "",
    requests,
    reply: (...replies) => void queue.push(...replies),
    fallback: status(500),
    reset: () => {
      queue.length = 0;
      requests.length = 0;
      fake.fallback = status(500);
    },
    close: async () => server.stop(true),
  };
  const server: Server<unknown> = Bun.serve({
    port: 0,
    hostname: "127.0.0.1",
    async fetch(req) {
      const path = new URL(req.url).pathname;
      if (req.method !== "POST" || path !== "/v1/messages") return new Response("not found", { status: 404 });
      requests.push({ body: await req.json(), headers: Object.fromEntries(req.headers) });
      return answer(queue.shift() ?? fake.fallback);
    },
  });
  fake.url = `http://127.0.0.1:${server.port}`;
  return fake;
}
