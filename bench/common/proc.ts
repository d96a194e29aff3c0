// Child processes of the SSR and pages benches: servers started on port 0 that print the address
// they listen on, and one-shot tools. Every child is killed when its owner is done with it, and on
// exit of the bench process whatever is still running is killed too.
import type { Subprocess } from "bun";

const running = new Set<Subprocess>();
process.on("exit", () => {
  for (const child of running) child.kill("SIGKILL");
});

export const ROOT = new URL("../..", import.meta.url).pathname.replace(/\/$/, "");

export interface Server {
  url: string;
  proc: Subprocess;
  /** everything the child printed, for error messages */
  output(): string;
  stop(): Promise<void>;
}

/** Starts `cmd` and resolves once it prints `listening on http://HOST:PORT`. */
/** The bench's environment with `changes` applied; an undefined value removes the variable. */
export function childEnv(changes: Record<string, string | undefined>): Record<string, string> {
  const env: Record<string, string | undefined> = { ...process.env, ...changes };
  return Object.fromEntries(Object.entries(env).filter((e): e is [string, string] => e[1] !== undefined));
}

export async function startServer(label: string, cmd: string[], env: Record<string, string | undefined>, timeoutMs = 120_000): Promise<Server> {
  const proc = Bun.spawn(cmd, { cwd: ROOT, env: childEnv(env), stdout: "pipe", stderr: "pipe", stdin: "ignore" });
  running.add(proc);
  let log = "";
  let resolveUrl: (url: string) => void = () => {};
  const found = new Promise<string>((resolve) => (resolveUrl = resolve));
  const pump = async (stream: ReadableStream<Uint8Array>) => {
    const decoder = new TextDecoder();
    for await (const chunk of stream) {
      // Keep only the tail: a chatty server must not grow the bench's memory.
      log = (log + decoder.decode(chunk, { stream: true })).slice(-20_000);
      const m = log.match(/listening on (http:\/\/[\w.:[\]-]+)/);
      if (m) resolveUrl(m[1]!.replace("0.0.0.0", "127.0.0.1"));
    }
  };
  void pump(proc.stdout as ReadableStream<Uint8Array>);
  void pump(proc.stderr as ReadableStream<Uint8Array>);
  const stop = async () => {
    if (!running.has(proc)) return;
    running.delete(proc);
    proc.kill("SIGTERM");
    const exited = await Promise.race([proc.exited.then(() => true), Bun.sleep(5_000).then(() => false)]);
    if (!exited) {
      proc.kill("SIGKILL");
      await proc.exited;
    }
  };
  let timer: Timer | undefined;
  const failed = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${label} did not start within ${timeoutMs} ms:\n${log}`)), timeoutMs);
    void proc.exited.then((code) => reject(new Error(`${label} exited with ${code} before listening:\n${log}`)));
  });
  try {
    const url = await Promise.race([found, failed]);
    return { url, proc, output: () => log, stop };
  } catch (err) {
    await stop();
    throw err;
  } finally {
    clearTimeout(timer);
  }
}

/** Runs a command to completion (bounded), returning stdout and stderr; throws with its output on failure. */
export async function runToolOutput(label: string, cmd: string[], opts: { cwd?: string; env?: Record<string, string>; timeoutMs?: number } = {}): Promise<{ out: string; err: string }> {
  const proc = Bun.spawn(cmd, { cwd: opts.cwd ?? ROOT, env: { ...process.env, ...opts.env }, stdout: "pipe", stderr: "pipe", stdin: "ignore" });
  running.add(proc);
  const timer = setTimeout(() => proc.kill("SIGKILL"), opts.timeoutMs ?? 180_000);
  try {
    const [out, err, code] = await Promise.all([new Response(proc.stdout as ReadableStream).text(), new Response(proc.stderr as ReadableStream).text(), proc.exited]);
    if (code !== 0) throw new Error(`${label} failed (${code}):\n${out}\n${err}`);
    return { out, err };
  } finally {
    clearTimeout(timer);
    running.delete(proc);
  }
}

/** Runs a command to completion (bounded), returning stdout; throws with its output on failure. */
export const runTool = async (...args: Parameters<typeof runToolOutput>): Promise<string> => (await runToolOutput(...args)).out;

export const median = (values: number[]): number => {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

export const round = (value: number, digits = 2) => Math.round(value * 10 ** digits) / 10 ** digits;
