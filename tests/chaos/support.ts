// Chaos helpers: the real server as a child process (`bun run src/server.ts`), the players' pages
// (../support/player-socket.ts, reconnecting quickly), and a read-only look into the SQLite file the
// server left behind.
import { afterEach } from "bun:test";
import { Database } from "bun:sqlite";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { loadManifest } from "../../src/pages/build";
import type { Transport } from "../support/sockets";
import { PlayerSocket } from "../support/player-socket";
import { LIFTED_LIMITS } from "../../scripts/lib/lifted-limits";

const ROOT = join(import.meta.dir, "../..");
/** Start-up may still include an island build (sources edited meanwhile), so a generous bound. */
const START_TIMEOUT_MS = 20_000;

export const dbFile = (dataDir: string) => join(dataDir, "stealmate.sqlite");
export const secretFile = (dataDir: string) => join(dataDir, "jwt-secret");

export function tempDataDir(): string {
  return mkdtempSync(join(tmpdir(), "stealmate-chaos-"));
}

export function removeDir(dir: string): void {
  rmSync(dir, { recursive: true, force: true });
}

export interface ServerProcess {
  port: number;
  url: string;
  proc: Bun.Subprocess<"ignore", "pipe", "pipe">;
  /** everything the process printed so far (stdout and stderr) */
  output(): string;
  /** sends a signal and resolves with the exit code and how long the exit took */
  signal(sig: NodeJS.Signals): Promise<{ code: number | null; signal: string | null; ms: number }>;
}

/**
 * Spawns the real server. No JWT_SECRET (the secret is generated into DATA_DIR) and no AI key (the
 * offline bank and local judge). PORT 0 lets the OS choose; the chosen port is read from the
 * `listening on http://HOST:PORT` line, and a restart passes it back in to keep the same address.
 */
export async function spawnServer(dataDir: string, port = 0, extraEnv: Record<string, string> = {}): Promise<ServerProcess> {
  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries(process.env)) if (value !== undefined) env[key] = value;
  for (const key of ["JWT_SECRET", "ANTHROPIC_API_KEY", "ANTHROPIC_BASE_URL", "ALLOWED_ORIGINS", "LOBBY_IDLE_MS", "TOKEN_TTL_S"]) delete env[key];
  Object.assign(env, { PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dataDir, ...LIFTED_LIMITS }, extraEnv);
  // The server builds the island bundles at start when they are older than their sources; doing it
  // here first keeps a restart as quick as in production, where the build is not stale.
  await loadManifest();

  // A just-killed server's port is free at once (the kernel closes its sockets), but retry a few
  // times in case the listener is slow to go.
  for (let attempt = 1; ; attempt++) {
    try {
      return await spawnOnce(env);
    } catch (err) {
      if (attempt >= 3 || !String(err).includes("EADDRINUSE")) throw err;
      await Bun.sleep(200);
    }
  }
}

async function spawnOnce(env: Record<string, string>): Promise<ServerProcess> {
  const proc = Bun.spawn([process.execPath, "run", "src/server.ts"], { cwd: ROOT, env, stdin: "ignore", stdout: "pipe", stderr: "pipe" });
  let text = "";
  let notify: () => void = () => {};
  const pump = async (stream: ReadableStream<Uint8Array>) => {
    const decoder = new TextDecoder();
    for await (const chunk of stream) {
      text += decoder.decode(chunk, { stream: true });
      notify();
    }
  };
  void pump(proc.stdout);
  void pump(proc.stderr);

  const listening = new Promise<number>((resolve, reject) => {
    const check = () => {
      const match = text.match(/listening on http:\/\/127\.0\.0\.1:(\d+)/);
      if (match) resolve(Number(match[1]));
    };
    notify = check;
    void proc.exited.then((code) => reject(new Error(`server exited with ${code} before listening:\n${text}`)));
    setTimeout(() => reject(new Error(`server did not listen within ${START_TIMEOUT_MS} ms:\n${text}`)), START_TIMEOUT_MS);
  });
  const port = await listening.catch((err) => {
    proc.kill("SIGKILL");
    throw err;
  });

  return {
    port,
    url: `http://127.0.0.1:${port}`,
    proc,
    output: () => text,
    async signal(sig) {
      const t0 = performance.now();
      proc.kill(sig);
      const code = await proc.exited;
      return { code: proc.signalCode ? null : code, signal: proc.signalCode ? String(proc.signalCode) : null, ms: Math.round(performance.now() - t0) };
    },
  };
}

/** Whether anything still accepts connections on the port. */
export async function portOpen(port: number): Promise<boolean> {
  try {
    const socket = await Bun.connect({ hostname: "127.0.0.1", port, socket: { data() {} } });
    socket.end();
    return true;
  } catch {
    return false;
  }
}

/** PRAGMA integrity_check on a read-only connection: "ok", or SQLite's list of problems. */
export function integrityCheck(dataDir: string): string {
  const db = new Database(dbFile(dataDir), { readonly: true });
  try {
    const rows = db.query("PRAGMA integrity_check").all() as { integrity_check: string }[];
    return rows.map((r) => r.integrity_check).join("; ");
  } finally {
    db.close();
  }
}

/** What the file holds, read-only: lobby codes and chat rows per lobby. */
export function readStore(dataDir: string): { lobbies: Map<string, any>; chat: Map<string, any[]> } {
  const db = new Database(dbFile(dataDir), { readonly: true });
  try {
    const lobbies = new Map<string, any>();
    for (const row of db.query("SELECT code, state FROM lobbies").all() as { code: string; state: string }[]) lobbies.set(row.code, JSON.parse(row.state));
    const chat = new Map<string, any[]>();
    for (const row of db.query("SELECT code, body FROM chat ORDER BY id").all() as { code: string; body: string }[]) {
      chat.set(row.code, [...(chat.get(row.code) ?? []), JSON.parse(row.body)]);
    }
    return { lobbies, chat };
  } finally {
    db.close();
  }
}

/** The servers, sockets and data folders of a chaos test file, all cleaned up after each test. */
export function useChaos() {
  let servers: ServerProcess[] = [];
  let sockets: PlayerSocket[] = [];
  let dirs: string[] = [];
  afterEach(async () => {
    for (const s of sockets) s.close();
    for (const s of servers) if (s.proc.exitCode === null && s.proc.signalCode === null) s.proc.kill("SIGKILL");
    await Promise.all(servers.map((s) => s.proc.exited));
    for (const dir of dirs) removeDir(dir);
    servers = [];
    sockets = [];
    dirs = [];
  });
  return {
    sockets: () => sockets,
    dataDir(): string {
      const dir = tempDataDir();
      dirs.push(dir);
      return dir;
    },
    async start(dir: string, port = 0, env: Record<string, string> = {}): Promise<ServerProcess> {
      const server = await spawnServer(dir, port, env);
      servers.push(server);
      return server;
    },
    connect(url: string, label: string, seat: { token: string }, transport: Transport = "websocket"): PlayerSocket {
      const socket = new PlayerSocket(url, label, seat.token, transport);
      sockets.push(socket);
      return socket;
    },
  };
}
