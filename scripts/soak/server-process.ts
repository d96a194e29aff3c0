// The real server as a child process (`bun run src/server.ts`) on loopback, with a throwaway
// DATA_DIR, and what /proc says about it: resident memory, its high-water mark, open descriptors.
import { Database } from "bun:sqlite";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sleep } from "./stats";
import { LIFTED_LIMITS } from "../lib/lifted-limits";

export const LOOPBACK = "127.0.0.1";
const ROOT = join(import.meta.dir, "../..");
/** Variables of the product that must come from the soak, not from whoever runs it. */
const OWNED = ["PORT", "HOST", "DATA_DIR", "JWT_SECRET", "ALLOWED_ORIGINS", "ANTHROPIC_API_KEY", "ANTHROPIC_BASE_URL", "AI_MODEL", "LOBBY_IDLE_MS", "TOKEN_TTL_S", ...Object.keys(LIFTED_LIMITS)];

export interface ProcSample {
  rssKb: number;
  /** RSS split: anonymous memory (heaps) and file-backed pages (mostly the bun binary's code) */
  anonKb: number;
  fileKb: number;
  hwmKb: number;
  fds: number;
}

export class ServerProcess {
  /** every line the server printed (stdout and stderr), capped */
  readonly lines: string[] = [];
  private exitCode: number | null = null;

  private constructor(
    private readonly child: ReturnType<typeof Bun.spawn>,
    readonly dataDir: string,
  ) {
    void child.exited.then((code) => (this.exitCode = code));
  }

  url = "";

  get pid(): number {
    return this.child.pid;
  }

  get exited(): boolean {
    return this.exitCode !== null;
  }

  /**
   * Starts the server on 127.0.0.1 and port 0, so the OS hands it a free port, and reads the port
   * from its one `listening on http://HOST:PORT` line (docs/decisions.md "A party on a home network").
   */
  static async start(startupMs = 60_000): Promise<ServerProcess> {
    const dataDir = mkdtempSync(join(tmpdir(), "stealmate-soak-"));
    const env: Record<string, string> = {};
    for (const [k, v] of Object.entries(process.env)) if (v !== undefined && !OWNED.includes(k)) env[k] = v;
    // LOBBY_IDLE_MS stays at its default; the per-address budgets are lifted because every client is 127.0.0.1.
    Object.assign(env, { HOST: LOOPBACK, PORT: "0", DATA_DIR: dataDir, ...LIFTED_LIMITS });
    const child = Bun.spawn([process.execPath, "run", "src/server.ts"], { cwd: ROOT, env, stdin: "ignore", stdout: "pipe", stderr: "pipe" });
    const server = new ServerProcess(child, dataDir);
    server.pump(child.stdout as ReadableStream<Uint8Array>, "");
    server.pump(child.stderr as ReadableStream<Uint8Array>, "stderr: ");
    const deadline = Date.now() + startupMs;
    while (Date.now() < deadline && !server.exited) {
      const line = server.lines.find((l) => l.startsWith("listening on http://"));
      const port = line?.match(/:(\d+)\s*$/)?.[1];
      if (port) {
        server.url = `http://${LOOPBACK}:${port}`;
        return server;
      }
      await sleep(50);
    }
    await server.stop();
    server.cleanup();
    throw new Error(`server did not start within ${startupMs} ms: ${server.lines.join(" | ")}`);
  }

  private pump(stream: ReadableStream<Uint8Array>, prefix: string): void {
    void (async () => {
      const decoder = new TextDecoder();
      let rest = "";
      for await (const chunk of stream) {
        rest += decoder.decode(chunk, { stream: true });
        const parts = rest.split("\n");
        rest = parts.pop()!;
        for (const part of parts) if (part.trim() && this.lines.length < 5000) this.lines.push(prefix + part);
      }
      if (rest.trim()) this.lines.push(prefix + rest);
    })();
  }

  /** VmRSS (and its split) and VmHWM of the child, in kB, and its open descriptors; null once it is gone. */
  sample(): ProcSample | null {
    try {
      const status = readFileSync(`/proc/${this.pid}/status`, "utf8");
      const kb = (field: string) => Number(status.match(new RegExp(`^${field}:\\s+(\\d+) kB`, "m"))?.[1] ?? NaN);
      return { rssKb: kb("VmRSS"), anonKb: kb("RssAnon"), fileKb: kb("RssFile"), hwmKb: kb("VmHWM"), fds: readdirSync(`/proc/${this.pid}/fd`).length };
    } catch {
      return null;
    }
  }

  /** SIGTERM (the server drains), then SIGKILL if it has not exited within `graceMs`. */
  async stop(graceMs = 10_000): Promise<{ code: number | null; forced: boolean }> {
    if (this.exited) return { code: this.exitCode, forced: false };
    this.child.kill("SIGTERM");
    const done = await Promise.race([this.child.exited.then(() => true), sleep(graceMs).then(() => false)]);
    if (done) return { code: this.exitCode, forced: false };
    this.child.kill("SIGKILL");
    await this.child.exited;
    return { code: this.exitCode, forced: true };
  }

  /** Lobbies and chat rows left in the database: an ended lobby must leave none. */
  leftovers(): { lobbies: number; chat: number } | null {
    const path = join(this.dataDir, "stealmate.sqlite");
    if (!existsSync(path)) return null;
    const db = new Database(path, { readonly: true });
    try {
      const count = (table: string) => (db.query(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n;
      return { lobbies: count("lobbies"), chat: count("chat") };
    } finally {
      db.close();
    }
  }

  cleanup(): void {
    rmSync(this.dataDir, { recursive: true, force: true });
  }
}
