// The REST client. Failures never reach the screen (docs/decisions.md "Staying in the game": failures the player did not cause stay quiet): callers log and carry on.
// What a call answers is typed by the server's response schemas (src/api/answers.ts): a caller names
// the answer it expects, `api<Answers["lobby"]>(...)`. Types only, so zod stays out of the bundle.
import type { Answers, RefusalAnswer, RowError } from "../../src/api/answers";
import { storedToken } from "./token";

export type { Answers, RowError };

/**
 * An answer: the fields of `A` when it succeeded (absent when it did not), a refusal's message and
 * bad rows, and the HTTP status (0 when no answer came).
 */
export type ApiAnswer<A = unknown> = Partial<Omit<A, "success">> & Partial<Omit<RefusalAnswer, "success">> & { success: boolean; status: number };

export async function api<A = unknown>(method: "GET" | "POST" | "PUT" | "DELETE", path: string, body?: unknown, auth = true): Promise<ApiAnswer<A>> {
  const headers: Record<string, string> = {};
  if (body !== undefined) headers["content-type"] = "application/json";
  const token = auth ? storedToken() : null;
  if (token) headers.authorization = `Bearer ${token}`;
  try {
    const res = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    const json = (await res.json().catch(() => ({ success: false }))) as ApiAnswer<A>;
    return { ...json, success: res.ok && json.success === true, status: res.status };
  } catch {
    return { success: false, status: 0 } as ApiAnswer<A>;
  }
}

/** Runs a call and logs a failure with the page's own "Failed to ..." message (the server's, when it gave one). */
export async function attempt<A>(fallback: string, call: () => Promise<ApiAnswer<A>>): Promise<ApiAnswer<A>> {
  const res = await call();
  if (!res.success) console.error(res.message || fallback);
  return res;
}
