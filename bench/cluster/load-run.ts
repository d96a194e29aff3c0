// The cluster bench's load run: three nodes behind HAProxy, the load generator (load-generator.ts)
// seating and playing the lobbies, the steady window measured with each process's CPU beside it,
// the lobbies' owners read from Redis (the spread over the nodes), then the node holding the most
// lobbies killed with kill -9 while the generator counts how its players come back.
import { lines, spawn, stopChild } from "../common/children";
import { startBenchCluster } from "./bench-cluster";
import { CpuWindow, type WindowCpu } from "./cpu-window";
import { SLICE_MS, type LoadReport } from "./load-generator";
import { lobbiesByNode } from "./owners";
import { stallsSince, watchStalls, type RedisStalls } from "./redis-latency";
import { Responsiveness } from "./responsiveness";
import type { Spread } from "../load/chat-window";

export interface LoadSize {
  lobbies: number;
  perLobby: number;
  /** chat lines a second per player */
  rate: number;
  warmup: number;
  measure: number;
  /** seconds counted after the kill */
  recover: number;
}

export interface LoadOutcome {
  size: LoadSize;
  report: LoadReport;
  /** lobbies per node just before the kill */
  spread: Record<string, number>;
  killed: string;
  /** seconds from the cluster's start to the kill, to read its faults' times against */
  killedAt: number;
  /** the steady window's CPU, and the same in slices as the generator cuts its chat (SLICE_MS) */
  cpu: WindowCpu;
  cpuBySlice: WindowCpu[];
  /** Redis's stalls in the steady window */
  redisStalls?: RedisStalls;
  /** in the steady window, how long each node's /healthz, Redis's PING and /healthz through HAProxy took, ms */
  answers: Record<string, Spread>;
  /** the nodes' and Redis's lines that told of a fault or a stall */
  faults: string[];
  seconds: number;
}

/** Lines between the generator's own phases are let through to the bench's log. */
const LOGGED = new Set(["connected", "measure-start", "steady-done", "kill-window", "timeout"]);

export async function runClusterLoad(size: LoadSize, log: (line: string) => void): Promise<LoadOutcome> {
  const started = performance.now();
  const bench = await startBenchCluster(3);
  const { cluster } = bench;
  try {
    const limit = 120 + size.lobbies / 10 + size.warmup + size.measure + size.recover;
    const args = ["--url", cluster.url, "--kind", "stealmate", "--routed", "1", "--lobbies", String(size.lobbies), "--per-lobby", String(size.perLobby), "--rate", String(size.rate), "--tick-ms", "5", "--concurrency", "200"];
    const gen = spawn(["bun", "bench/cluster/load-generator.ts", ...args, "--warmup", String(size.warmup), "--measure", String(size.measure), "--recover", String(size.recover), "--limit", String(limit)], {}, "pipe");
    const window = new CpuWindow({ ...bench.pids(), generator: gen.pid });
    let spread: Record<string, number> = {};
    let redisStalls: Promise<RedisStalls | undefined> = Promise.resolve(undefined);
    let probes: Responsiveness | undefined;
    const cpuBySlice: WindowCpu[] = [];
    let slicing: ReturnType<typeof setInterval> | undefined;
    let answers: Record<string, Spread> = {};
    let killed = "";
    let killedAt = NaN;
    let kill: Promise<void> = Promise.resolve();
    const stderr = lines(gen.stderr, (line) => {
      if (!line.startsWith("{")) return;
      const { phase, ...rest } = JSON.parse(line) as { phase?: string; at?: number };
      if (phase && LOGGED.has(phase)) log(`  cluster load: ${phase} ${JSON.stringify({ ...rest, at: undefined })}`);
      if (phase === "measure-start") {
        window.opened();
        void watchStalls(cluster.redis.url);
        const urls = Object.fromEntries(cluster.nodes.map((n) => [n.id, `${n.url}/healthz`]));
        probes = new Responsiveness({ ...urls, haproxy: `${cluster.url}/healthz` }, cluster.redis.url);
        let slice = new CpuWindow(window.pids);
        slice.opened();
        slicing = setInterval(() => {
          slice.closed();
          cpuBySlice.push(slice.figures());
          slice = new CpuWindow(window.pids);
          slice.opened();
        }, SLICE_MS);
      } else if (phase === "measure-end") {
        window.closed();
        redisStalls = stallsSince(cluster.redis.url).catch(() => undefined);
        answers = probes?.stop() ?? {};
        clearInterval(slicing);
      } else if (phase === "steady-done")
        kill = (async () => {
          const byNode = await lobbiesByNode(cluster.redis.url);
          spread = Object.fromEntries(cluster.nodes.map((n) => [n.id, byNode.get(n.id)?.length ?? 0]));
          // The worst case: the node with the most lobbies goes.
          killed = Object.entries(spread).sort((a, b) => b[1] - a[1])[0]![0];
          gen.stdin.write(`${JSON.stringify({ killed: byNode.get(killed) ?? [] })}\n`);
          gen.stdin.flush();
          await Bun.sleep(200);
          log(`  cluster load: lobbies per node ${JSON.stringify(spread)}; kill -9 ${killed}`);
          killedAt = bench.seconds();
          await cluster.node(killed).kill9();
        })();
    });
    const killer = setTimeout(() => gen.kill("SIGKILL"), (limit + 10) * 1000);
    const [stdout] = await Promise.all([new Response(gen.stdout).text(), gen.exited]);
    clearTimeout(killer);
    await kill;
    const last = stdout.trim().split("\n").at(-1) ?? "";
    if (!last.startsWith("{")) throw new Error(`the cluster load generator exited with ${gen.exitCode} and no report:\n${(await stderr).slice(-3000)}`);
    await stopChild(gen);
    return { size, report: JSON.parse(last) as LoadReport, spread, killed, killedAt, cpu: window.figures(), cpuBySlice, redisStalls: await redisStalls, answers, faults: bench.faults, seconds: Math.round((performance.now() - started) / 1000) };
  } finally {
    await bench.stop();
  }
}
