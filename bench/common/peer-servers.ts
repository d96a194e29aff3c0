// The servers the realtime and capacity benches put under load, each a child process on loopback
// and port 0: Stealmate as it ships (a fresh data folder, the per-address budgets lifted), the two
// socket.io relays and the raw Bun floor. `cpu` pins the server, every thread of it, to that CPU.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Kind } from "../load/clients";
import { LIFTED_LIMITS } from "../../scripts/lib/lifted-limits";
import { lines, spawn, stopChild } from "./children";
import { pinned } from "./pinning";
import { gcWindow, type GcWindow } from "../probe/gc-window";
import type { LineTimingReport } from "../../src/realtime/line-timing";

/** What a probed server (BENCH_TIMING=1) reports of the window SIGUSR2 opened and closed. */
export interface Probed {
  timing: LineTimingReport;
  gc: GcWindow;
}

export const LABEL: Record<Kind, string> = {
  stealmate: "Stealmate (Bun WebSockets, JSON frames)",
  "node-socketio": "socket.io 4 on Node (ws engine)",
  "bun-socketio": "socket.io 4 on Bun (bun-engine), relay only (reference)",
  "bun-raw": "raw Bun.serve publish (floor)",
};

export interface RunningServer {
  kind: Kind;
  pid: number;
  url: string;
  output(): string;
  stop(): Promise<void>;
  /** Probed servers only: opens the window, then closes it and resolves with its figures. */
  probe?: { open(): void; close(): Promise<Probed | undefined> };
}

/** Servers the bench can probe: Stealmate's own stages, and the relay-only reference's loop, side by side. */
export const PROBED: readonly Kind[] = ["stealmate", "bun-socketio"];

/**
 * `peerDeps`: where the socket.io peers load socket.io from (bench/common/socketio.ts). `probe`: time
 * the window's lines, loop and collections (docs/bench.md "Where the tail comes from"); the probe
 * costs the server some time of its own, so probed rounds are not the ones the targets are judged on.
 */
export async function startPeer(kind: Kind, peerDeps: string, cpu?: number, probe = false): Promise<RunningServer> {
  const env: Record<string, string> = { HOST: "127.0.0.1", PORT: "0", PEER_DEPS: peerDeps };
  const probing = probe && PROBED.includes(kind);
  if (probing) Object.assign(env, { BUN_JSC_logGC: "1", LINE_TIMING: "1" });
  let dataDir: string | undefined;
  let cmd: string[];
  if (kind === "stealmate") {
    dataDir = mkdtempSync(join(tmpdir(), "stealmate-bench-rt-"));
    Object.assign(env, { DATA_DIR: dataDir, ...LIFTED_LIMITS, JWT_SECRET: `bench-${crypto.randomUUID()}`, ANTHROPIC_API_KEY: "" });
    cmd = ["bun", "run", "src/server.ts"];
  } else if (kind === "node-socketio") cmd = ["node", "bench/peers/node-socketio.mjs"];
  else if (kind === "bun-socketio") cmd = probing ? ["bun", "--preload", "./bench/probe/loop-probe.ts", "bench/peers/bun-socketio.ts"] : ["bun", "bench/peers/bun-socketio.ts"];
  else cmd = ["bun", "bench/peers/bun-raw.ts"];

  const child = spawn(pinned(cpu, cmd), env);
  let log = "";
  let listening: (url: string) => void = () => {};
  const found = new Promise<string>((resolve) => (listening = resolve));
  /** JSC's log lines while the window is open, and the probe's report once it closes */
  let window: string[] | null = null;
  let reported: (report: Probed | undefined) => void = () => {};
  const watch = (line: string) => {
    if (line.startsWith("line-timing: ")) {
      if (line === "line-timing: open") window = [];
      else {
        reported({ timing: JSON.parse(line.slice("line-timing: ".length)) as LineTimingReport, gc: gcWindow(window ?? []) });
        window = null;
      }
      return;
    }
    if (window && line.startsWith("[GC<")) return void window.push(line);
    if (probing && (line.startsWith("[GC<") || line.startsWith("Requesting GC") || line.startsWith("GC END"))) return;
    log = (log + line + "\n").slice(-20_000);
    const m = line.match(/listening on (http:\/\/[\w.:[\]-]+)/);
    if (m) listening(m[1]!.replace("0.0.0.0", "127.0.0.1"));
  };
  void lines(child.stdout, watch);
  void lines(child.stderr, watch);
  const stop = async () => {
    await stopChild(child);
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  };
  // The first start of Stealmate may build the island bundles; allow for it.
  const failed = Promise.race([Bun.sleep(90_000).then(() => "did not start within 90 s"), child.exited.then((code) => `exited with ${code}`)]);
  const url = await Promise.race([found, failed.then((why) => Promise.reject(new Error(`${kind} ${why}:\n${log}`)))]).catch(async (err) => {
    await stop();
    throw err;
  });
  const signal = () => process.kill(child.pid, "SIGUSR2");
  const probeOf = {
    open: signal,
    close: () => {
      const report = new Promise<Probed | undefined>((resolve) => (reported = resolve));
      signal();
      return Promise.race([report, Bun.sleep(5000).then(() => undefined)]);
    },
  };
  return { kind, pid: child.pid, url, output: () => log, stop, probe: probing ? probeOf : undefined };
}
