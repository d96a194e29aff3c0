// REST calls of docs/contract.md "Routes" as the page makes them, counted; any answer but the expected
// status (200 with success: true, unless told otherwise) is an error that stops the lobby.
import type { Stats } from "./stats";

export class Rest {
  constructor(
    private readonly url: string,
    private readonly stats: Stats,
    private readonly timeoutMs: number,
  ) {}

  async call(method: "GET" | "POST", path: string, token?: string, body?: unknown, expect = 200): Promise<any> {
    this.stats.restCalls++;
    const headers: Record<string, string> = {};
    if (method === "POST") headers["content-type"] = "application/json";
    if (token) headers.authorization = `Bearer ${token}`;
    let res: Response;
    try {
      res = await fetch(`${this.url}${path}`, {
        method,
        headers,
        body: method === "POST" ? JSON.stringify(body ?? {}) : undefined,
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch (err) {
      this.stats.restFailures++;
      throw new Error(`${method} ${path} failed: ${err instanceof Error ? err.message : String(err)}`);
    }
    const json: any = await res.json().catch(() => null);
    if (res.status !== expect || (expect === 200 && json?.success !== true)) {
      this.stats.restFailures++;
      throw new Error(`${method} ${path} answered ${res.status} (expected ${expect}): ${json?.message ?? "no JSON body"}`);
    }
    return json;
  }
}
