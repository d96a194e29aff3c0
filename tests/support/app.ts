// Starts the real app on port 0 with a fresh data folder, as a test's server.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startApp, type AppOverrides, type RunningApp } from "../../src/app";
import { loadConfig } from "../../src/config";
import { LIFTED_LIMITS } from "../../scripts/lib/lifted-limits";
import { settling } from "./settle";

export interface TestApp extends RunningApp {
  dataDir: string;
  /** close() and delete the data folder */
  dispose(): Promise<void>;
}

export async function startTestApp(env: Record<string, string> = {}, overrides: AppOverrides = {}, dataDir?: string): Promise<TestApp> {
  const dir = dataDir ?? mkdtempSync(join(tmpdir(), "stealmate-test-"));
  const config = loadConfig({ PORT: "0", HOST: "127.0.0.1", DATA_DIR: dir, JWT_SECRET: "test-secret-test-secret-123456", ...LIFTED_LIMITS, ...env });
  const app = await startApp(config, { log: () => {}, ...overrides });
  settling(app.service);
  return {
    ...app,
    dataDir: dir,
    async dispose() {
      await app.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** JSON POST/GET helper returning status and parsed body. */
export async function call(app: { url: string }, method: string, path: string, opts: { token?: string; body?: unknown; raw?: string; headers?: Record<string, string> } = {}) {
  const headers: Record<string, string> = { "content-type": "application/json", ...opts.headers };
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  const res = await fetch(`${app.url}${path}`, { method, headers, body: opts.raw ?? (opts.body === undefined ? undefined : JSON.stringify(opts.body)) });
  const text = await res.text();
  let json: any = null;
  try {
    json = JSON.parse(text);
  } catch {
    json = { text };
  }
  return { status: res.status, body: json };
}
