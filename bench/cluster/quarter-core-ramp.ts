// One capacity ramp of the cluster bench: N nodes, each in a quota of a quarter of a core
// (cpu-quota.ts), behind HAProxy with Redis, and the capacity bench's own ramp generator
// (bench/load/ramp-generator.ts, its requests routed by lobby code) adding lobbies of 8 step by step
// under running chat, until chat p99 passes 100 ms or anything is refused, dropped or lost. Each
// step's CPU is read per process, so the nodes' CPU per delivered message comes with it, and a ramp
// that failed with its nodes short of their quota says the rest of the machine ended it.
import { loadavg } from "node:os";
import type { Step, StepReport } from "../load/ramp-generator";
import { judgeStep, nextRungOf, RampDriver, stepFits } from "../ramp-driver";
import { startBenchCluster } from "./bench-cluster";
import { CpuWindow, type WindowCpu } from "./cpu-window";

export const QUARTER_CORE = 0.25;
export const CLUSTER_P99_LIMIT_MS = 100;
/**
 * Lobbies per node a ramp may step to: a quarter core holds tens of lobbies of 8, so the ladder is
 * finer than one core's. A ramp of N nodes steps to N times these, so one node and three meet at the
 * same loads per node, where their CPU per message is compared.
 */
export const RUNGS_PER_NODE: readonly number[] = [10, 20, 30, 40, 50, 60, 70, 80, 90, 100, 110, 120, 140, 160, 180, 200, 220, 240, 260, 280, 300];
/** A node this near its quota (its CPU over the quota) when a step fails is what failed it. */
export const NODE_FULL_SHARE = 0.85;
/** Every ramp starts at this many lobbies per node, measured twice as long, while the nodes' code is still being compiled. */
const FIRST_PER_NODE = 40;
const FIRST_STEP_WARMUP_S = 3;
/** A failed step in which the rest of the machine's work (not the cluster's, not the generator's) took this much of a core is measured again. */
export const DISTURBED_REST_PCT = 30;
const REMEASURES = 2;
/** How long a disturbed step waits for the rest to calm down before it is measured again. */
const QUIET_WAIT_MS = 15_000;
export const PER_LOBBY = 8;

export interface ClusterStep {
  report: StepReport;
  cpu: WindowCpu;
  held: boolean;
  failure: string;
  /** the nodes' CPU, all of them together, per chat line delivered to a player, µs */
  nodeCpuUsPerDelivery: number;
  /** the busiest node's CPU as a share of its quota */
  busiestNodeShare: number;
  /** failed while the rest of the machine was busy, so measured again */
  remeasured: boolean;
  loadAvg: number;
}

/**
 * What ended a ramp: its nodes (one at its quota); the machine, its nodes short of their quota (the
 * two cores shared with HAProxy, Redis and the generator); other work on the cores; the time budget;
 * or the ladder's top.
 */
export type ClusterLimit = "nodes" | "the machine" | "other work" | "time" | "top rung";

export interface ClusterRamp {
  nodes: number;
  steps: ClusterStep[];
  capacity: number;
  limitedBy: ClusterLimit;
  faults: string[];
  seconds: number;
}

export interface ClusterRampTiming {
  settle: number;
  measure: number;
  grace: number;
}

export async function runQuarterCoreRamp(nodes: number, timing: ClusterRampTiming, deadline: number, log: (line: string) => void): Promise<ClusterRamp> {
  const started = performance.now();
  const bench = await startBenchCluster(nodes, QUARTER_CORE);
  const ids = bench.cluster.nodes.map((n) => n.id);
  const steps: ClusterStep[] = [];
  let limitedBy: ClusterLimit = "nodes";
  try {
    const args = ["--url", bench.cluster.url, "--kind", "stealmate", "--routed", "1", "--per-lobby", String(PER_LOBBY), "--concurrency", "80", "--limit", String(Math.ceil((deadline - started) / 1000) + 60)];
    const gen = new RampDriver(["bun", "bench/load/ramp-generator.ts", ...args], {}, (phase) => (phase === "step-measure-start" ? window.opened() : window.closed()));
    const window = new CpuWindow({ ...bench.pids(), generator: gen.pid }, bench.quotas);
    try {
      const rungs = RUNGS_PER_NODE.map((r) => r * nodes);
      let lobbies: number | undefined = FIRST_PER_NODE * nodes;
      while (lobbies !== undefined) {
        const first = steps.length === 0;
        const step: Step = { lobbies, settle: timing.settle + (first ? FIRST_STEP_WARMUP_S : 0), measure: timing.measure * (first ? 2 : 1), grace: timing.grace };
        // Opening lobbies through HAProxy takes a few seconds a hundred on quarter cores; a generator silent for longer is stuck.
        const report = await gen.step(step, (step.settle + step.measure + step.grace + 30 + lobbies / 5) * 1000);
        const cpu = window.figures();
        const failure = judgeStep(report, CLUSTER_P99_LIMIT_MS);
        const nodeCpu = ids.reduce((sum, id) => sum + (cpu.cpuPct[id] ?? 0), 0);
        const busiestNodeShare = Math.max(...ids.map((id) => cpu.cpuPct[id] ?? 0)) / (QUARTER_CORE * 100);
        const result: ClusterStep = {
          report,
          cpu,
          held: failure === "",
          failure,
          nodeCpuUsPerDelivery: ((nodeCpu / 100) * 1e6) / report.deliveredPerSec,
          busiestNodeShare,
          remeasured: false,
          loadAvg: loadavg()[0] ?? NaN,
        };
        steps.push(result);
        const each = ids.map((id) => `${id} ${(cpu.cpuPct[id] ?? 0).toFixed(0)}% (throttled ${(cpu.throttledPct[id] ?? 0).toFixed(0)}%)`).join(", ");
        log(
          `  cluster ${nodes} node(s) ${String(lobbies).padStart(4)} lobbies  p99 ${report.latencyMs.p99} ms  errors ${report.errors}  lost ${report.lost}  ${each}  ` +
            `haproxy ${cpu.cpuPct.haproxy?.toFixed(0)}%  redis ${cpu.cpuPct.redis?.toFixed(0)}%  generator ${cpu.cpuPct.generator?.toFixed(0)}% (lag p99 ${report.loopLagMs.p99} ms)  rest ${cpu.restPct.toFixed(0)}%  machine ${cpu.machineBusyPct.toFixed(0)}%` +
            (result.held ? "" : `  FAILED: ${failure}`),
        );
        const disturbed = cpu.restPct > DISTURBED_REST_PCT;
        if (!result.held && disturbed && steps.filter((s) => s.remeasured).length < REMEASURES) {
          result.remeasured = true;
          const calm = await window.quiet(DISTURBED_REST_PCT, QUIET_WAIT_MS);
          log(`    other work was busy on the cores: measuring ${lobbies} lobbies again${calm ? "" : `, though it still is after ${QUIET_WAIT_MS / 1000} s`}`);
          continue;
        }
        if (!result.held) {
          limitedBy = disturbed ? "other work" : busiestNodeShare >= NODE_FULL_SHARE ? "nodes" : "the machine";
          break;
        }
        lobbies = nextRungOf(rungs, lobbies, report.latencyMs.p99, CLUSTER_P99_LIMIT_MS, Math.max(busiestNodeShare, cpu.machineBusyPct / 100, 0.01));
        if (lobbies === undefined) limitedBy = "top rung";
        else if (!stepFits(timing, deadline)) {
          limitedBy = "time";
          break;
        }
      }
    } finally {
      await gen.stop();
    }
  } finally {
    await bench.stop();
  }
  const held = steps.filter((s) => s.held);
  return { nodes, steps, capacity: held.at(-1)?.report.lobbies ?? 0, limitedBy, faults: bench.faults, seconds: Math.round((performance.now() - started) / 1000) };
}
