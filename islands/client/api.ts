// The REST client. Failures never reach the screen (SPEC section 8): callers log and carry on.
import { storedToken } from "./token";

export interface ApiAnswer {
  success: boolean;
  message?: string;
  [key: string]: unknown;
}

export async function api(method: "GET" | "POST" | "PUT" | "DELETE", path: string, body?: unknown, auth = true): Promise<ApiAnswer & { status: number }> {
  const headers: Record<string, string> = {};
  if (body !== undefined) headers["content-type"] = "application/json";
  const token = auth ? storedToken() : null;
  if (token) headers.authorization = `Bearer ${token}`;
  try {
    const res = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    const json = (await res.json().catch(() => ({ success: false }))) as ApiAnswer;
    return { ...json, success: res.ok && json.success === true, status: res.status };
  } catch {
    return { success: false, status: 0 };
  }
}

/** Runs a call and logs a failure with the spec's message (the server's, when it gave one). */
export async function attempt(fallback: string, call: () => Promise<ApiAnswer>): Promise<ApiAnswer> {
  const res = await call();
  if (!res.success) console.error(res.message || fallback);
  return res;
}
