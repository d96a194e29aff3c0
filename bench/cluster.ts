// The cluster (docs/cluster.md) under load, and its capacity on quarter cores (docs/bench.md "The
// cluster"). First the load: lobbies of 4 playing rounds and chatting through HAProxy on 3 nodes,
// then the node holding the most lobbies killed with kill -9 (bench/cluster/load-run.ts). Then a
// capacity ramp with 3 nodes and with 1 node, each node held to a quarter of a core
// (bench/cluster/quarter-core-ramp.ts). Loaded by bench/run.ts only when this section runs.
import type { BenchSection } from "./section";
import { SLICE_MS } from "./cluster/load-generator";
import { runClusterLoad, type LoadOutcome, type LoadSize } from "./cluster/load-run";
import { quotasAvailable } from "./cluster/cpu-quota";
import { CLUSTER_P99_LIMIT_MS, PER_LOBBY, QUARTER_CORE, runQuarterCoreRamp, type ClusterRamp, type ClusterStep } from "./cluster/quarter-core-ramp";
import { median } from "./common/proc";
import type { TallyReport } from "./cluster/tally";
import type { Spread } from "./load/chat-window";
import { chatColumns, fixed } from "./step-columns";

const CHAT_P99_TARGET_MS = 50;
const TIMER_P99_TARGET_MS = 100;
const SPREAD_TARGET_PCT = 15;
const SNAPSHOT_P99_TARGET_MS = 8000;
const CAPACITY_RATIO_TARGET = 2.5;
const CPU_RATIO_TOLERANCE = 0.1;
/** A ramp is started only with this much of the section's time left. */
const RAMP_NEEDS_MS = 60_000;

export interface ClusterOptions {
  size: LoadSize;
  /** the ramps' step timing, as capacity's */
  settle: number;
  measure: number;
  /** performance.now() past which nothing new starts */
  deadline: number;
  log: (line: string) => void;
}

export interface ClusterOutcome {
  sections: BenchSection[];
  load?: LoadOutcome;
  ramps: ClusterRamp[];
  /** why the capacity ramps did not run, when they did not */
  skipped?: string;
}

const spreadOf = (t: Spread, digits = 1) => `${fixed(t.p50, digits)} / ${fixed(t.p99, digits)} / ${fixed(t.max, digits)} (${t.samples})`;
const kinds = (t: TallyReport) => Object.entries(t.errorKinds).map(([k, n]) => `${k} ${n}`).join("; ") || "none";
const figure = (name: string, value: number, target: string, met: boolean) => ({ name, value: Number.isFinite(value) ? Number(value.toFixed(2)) : -1, target, met });

function loadSection(load: LoadOutcome): BenchSection {
  const { report: r, size, spread, cpu } = load;
  const counts = Object.values(spread);
  const mean = counts.reduce((a, b) => a + b, 0) / Math.max(1, counts.length);
  const deviationPct = (Math.max(...counts.map((c) => Math.abs(c - mean))) / mean) * 100;
  const steadyErrors = r.setup.errors + r.steady.errors + r.setupFailed;
  const lost = r.steady.chat.lost;
  const shape = `${size.lobbies}x${size.perLobby} through HAProxy on 3 nodes`;
  const full = r.lobbies === size.lobbies && r.setupFailed === 0;
  const rows: BenchSection["rows"] = [
    { figure: "lobbies seated / players", value: `${r.lobbies} of ${size.lobbies} / ${r.clients} (${r.setupSeconds} s)` },
    { figure: "errors while seating and warming up", value: `${r.setup.errors + r.setupFailed}: ${kinds(r.setup)}` },
    { figure: `steady window (${size.measure} s): chat lines sent / receptions lost`, value: `${r.steady.chat.sent} / ${lost}` },
    { figure: "chat delay p50 / p99 / max, ms (receptions)", value: spreadOf(r.steady.chat.latencyMs, 2) },
    { figure: "round-timeup after endsAt p50 / p99 / max, ms (receptions)", value: spreadOf(r.steady.timeupLateMs, 0) },
    { figure: "round-results after endsAt p50 / p99 / max, ms (receptions)", value: spreadOf(r.steady.resultsLateMs, 0) },
    { figure: "errors, seating to the kill", value: `${steadyErrors}: ${kinds(r.steady)}` },
    { figure: "generator timers late p99 / max, ms; sends skipped", value: `${r.loopLagMs.p99} / ${r.loopLagMs.max}; ${r.skippedSends}` },
    { figure: "lobbies per node (Redis owners)", value: Object.entries(spread).map(([n, c]) => `${n} ${c}`).join(", ") + ` (largest deviation ${fixed(deviationPct)}%)` },
    {
      figure: `each ${SLICE_MS / 1000} s of the steady window: chat p99 ms, the rest's CPU % of a core, both cores busy %`,
      value: r.steady.chatP99BySlice.map((p99, i) => `${fixed(p99, 0)}, ${fixed(load.cpuBySlice[i]?.restPct ?? NaN, 0)}, ${fixed(load.cpuBySlice[i]?.machineBusyPct ?? NaN, 0)}`).join(" | "),
    },
    { figure: "answer times in the steady window, p99 / max ms: each node's /healthz, Redis's PING, /healthz through HAProxy", value: Object.entries(load.answers).map(([n, a]) => `${n} ${fixed(a.p99)} / ${fixed(a.max)}`).join(", ") || "n/a" },
    {
      figure: "Redis's stalls of 10 ms or more in the steady window (seconds with one, longest ms); append-only file fsyncs delayed",
      value: load.redisStalls ? `${Object.entries(load.redisStalls.events).map(([e, v]) => `${e} ${v.seconds}, ${v.maxMs}`).join("; ") || "none"}; ${load.redisStalls.aofDelayedFsync}` : "n/a",
    },
    { figure: "CPU in the steady window, % of one core", value: Object.entries(cpu.cpuPct).map(([n, p]) => `${n} ${fixed(p, 0)}`).join(", ") + `; rest ${fixed(cpu.restPct, 0)}; both cores ${fixed(cpu.machineBusyPct, 0)}% busy` },
    { figure: `kill -9 of ${load.killed}: its lobbies / players, back within ${r.recoverSeconds} s`, value: `${r.affectedLobbies} / ${r.affectedPlayers}, ${r.resyncedPlayers} back` },
    { figure: "its players' lost connection to snapshot p50 / p99 / max, ms (players)", value: spreadOf(r.affected.toSnapshotMs, 0) },
    {
      figure: "its lobbies after the kill: chat p99 ms, round-timeup late p99 / max ms, calls refused",
      value: `${fixed(r.affected.chat.latencyMs.p99, 2)}, ${fixed(r.affected.timeupLateMs.p99, 0)} / ${fixed(r.affected.timeupLateMs.max, 0)}, ${r.affected.errors}: ${kinds(r.affected)}`,
    },
    {
      figure: "their chat lines after the kill: sent / never heard by their sender / heard by it but not by every lobby-mate / receptions only in a snapshot's history",
      value: `${r.affectedLines.lines} / ${r.affectedLines.unacknowledged} / ${r.affectedLines.acknowledgedNotHeardByAll} / ${r.affectedLines.fromSnapshots}`,
    },
    { figure: "the other lobbies after the kill: chat p99 ms, receptions lost, round-timeup late p99 ms, lost connections, errors", value: `${fixed(r.others.chat.latencyMs.p99, 2)}, ${r.others.chat.lost}, ${fixed(r.others.timeupLateMs.p99, 0)}, ${r.others.lostConnections}, ${r.others.errors}: ${kinds(r.others)}` },
    { figure: `the nodes' and Redis's lines telling of a fault or a stall (seconds since the cluster started; the kill at ${fixed(load.killedAt)} s)`, value: load.faults.length ? `${load.faults.length}: ${load.faults.slice(0, 4).join(" | ")}` : "none" },
  ];
  const ratios = [
    figure(`cluster (${shape}): errors`, steadyErrors + r.others.errors, "<= 0", steadyErrors + r.others.errors === 0 && full),
    figure(`cluster (${shape}): chat receptions lost`, lost, "<= 0", lost === 0 && full),
    figure(`cluster (${shape}): chat p99, ms`, r.steady.chat.latencyMs.p99, `<= ${CHAT_P99_TARGET_MS}`, r.steady.chat.latencyMs.p99 <= CHAT_P99_TARGET_MS && full),
    figure(`cluster (${shape}): round timer lateness p99, ms`, r.steady.timeupLateMs.p99, `<= ${TIMER_P99_TARGET_MS}`, r.steady.timeupLateMs.samples > 0 && r.steady.timeupLateMs.p99 <= TIMER_P99_TARGET_MS && full),
    figure(`cluster (${shape}): lobbies per node, largest deviation from the mean, %`, deviationPct, `<= ${SPREAD_TARGET_PCT}`, deviationPct <= SPREAD_TARGET_PCT),
    figure(
      `cluster (${shape}): kill -9 of a node, its players' time to snapshot p99, ms`,
      r.affected.toSnapshotMs.p99,
      `<= ${SNAPSHOT_P99_TARGET_MS}`,
      r.affectedPlayers > 0 && r.resyncedPlayers === r.affectedPlayers && r.affected.toSnapshotMs.p99 <= SNAPSHOT_P99_TARGET_MS,
    ),
  ];
  return { title: `The cluster: ${size.lobbies} lobbies of ${size.perLobby} through HAProxy on 3 nodes, then one node killed (kill -9)`, rows, ratios };
}

const capacityStep = (ramp: ClusterRamp): ClusterStep | undefined => ramp.steps.filter((s) => s.held).at(-1);
const nodeCpu = (step: ClusterStep) =>
  Object.entries(step.cpu.cpuPct)
    .filter(([n]) => /^n\d+$/.test(n))
    .map(([n, p]) => `${n} ${fixed(p, 0)} (throttled ${fixed(step.cpu.throttledPct[n] ?? NaN, 0)}%)`)
    .join(", ");

/** The nodes' CPU per delivery of 3 nodes against 1 at each load per node both ramps held. */
function cpuPairs(one: ClusterRamp, three: ClusterRamp): { perNode: number; one: number; three: number; ratio: number }[] {
  return three.steps.flatMap((s3) => {
    const perNode = s3.report.lobbies / three.nodes;
    const s1 = one.steps.find((s) => s.held && s.report.lobbies === perNode);
    return s3.held && s1 ? [{ perNode, one: s1.nodeCpuUsPerDelivery, three: s3.nodeCpuUsPerDelivery, ratio: s3.nodeCpuUsPerDelivery / s1.nodeCpuUsPerDelivery }] : [];
  });
}

function capacitySections(ramps: ClusterRamp[]): BenchSection[] {
  const of = (nodes: number) => ramps.find((r) => r.nodes === nodes);
  const [one, three] = [of(1), of(3)];
  let note: string | undefined;
  const rows = ramps.map((ramp) => {
    const at = capacityStep(ramp);
    return {
      nodes: ramp.nodes,
      "capacity, lobbies": ramp.capacity,
      players: ramp.capacity * PER_LOBBY,
      "limited by": ramp.limitedBy,
      "p99 ms at capacity": at ? fixed(at.report.latencyMs.p99, 2) : "n/a",
      "nodes' CPU % at capacity": at ? nodeCpu(at) : "n/a",
      "HAProxy / Redis / generator / rest CPU % at capacity": at ? `${fixed(at.cpu.cpuPct.haproxy ?? NaN, 0)} / ${fixed(at.cpu.cpuPct.redis ?? NaN, 0)} / ${fixed(at.cpu.cpuPct.generator ?? NaN, 0)} / ${fixed(at.cpu.restPct, 0)}` : "n/a",
      "nodes' µs per delivery at capacity": at ? fixed(at.nodeCpuUsPerDelivery) : "n/a",
      "failed step": ramp.steps.filter((s) => !s.held).at(-1)?.failure ?? "none",
      faults: ramp.faults.length,
      seconds: ramp.seconds,
    };
  });
  const ratios: BenchSection["ratios"] = [];
  if (one && three) {
    // A 3-node ramp ended by the rest of the machine only says the cluster holds at least that much.
    const bound = three.limitedBy === "nodes" ? "" : ` — 3 nodes held back by ${three.limitedBy}: a lower bound`;
    const capacityRatio = three.capacity / one.capacity;
    ratios.push(figure(`cluster capacity on quarter cores, 3 nodes / 1 node${bound}`, capacityRatio, `>= ${CAPACITY_RATIO_TARGET}`, capacityRatio >= CAPACITY_RATIO_TARGET && one.limitedBy === "nodes"));
    const pairs = cpuPairs(one, three);
    const cpuRatio = median(pairs.map((p) => p.ratio));
    ratios.push(
      figure(`cluster nodes' CPU per delivered message, 3 nodes / 1 node (median over ${pairs.length} loads a node both held)`, cpuRatio, `${1 - CPU_RATIO_TOLERANCE}-${1 + CPU_RATIO_TOLERANCE}`, Math.abs(cpuRatio - 1) <= CPU_RATIO_TOLERANCE),
    );
    note = `Nodes' µs per delivery, 3 nodes / 1 node, at each load a node (lobbies) both ramps held: ${pairs.map((p) => `${p.perNode}: ${fixed(p.three)} / ${fixed(p.one)} = ${fixed(p.ratio, 2)}`).join(", ") || "none"}.`;
  }
  const steps: BenchSection = {
    title: "Cluster capacity steps, in the order they ran",
    rows: ramps.flatMap((ramp) =>
      ramp.steps.map((st) => ({
        nodes: ramp.nodes,
        ...chatColumns(st.report),
        "nodes' CPU %": nodeCpu(st),
        "HAProxy %": fixed(st.cpu.cpuPct.haproxy ?? NaN, 0),
        "Redis %": fixed(st.cpu.cpuPct.redis ?? NaN, 0),
        "generator %": fixed(st.cpu.cpuPct.generator ?? NaN, 0),
        "rest %": fixed(st.cpu.restPct, 0),
        "both cores busy %": fixed(st.cpu.machineBusyPct, 0),
        "nodes' µs per delivery": fixed(st.nodeCpuUsPerDelivery),
        "generator lag p99 ms": fixed(st.report.loopLagMs.p99, 1),
        held: st.held ? "yes" : `no: ${st.failure}${st.remeasured ? " (other work busy: measured again)" : ""}`,
        "load avg": fixed(st.loadAvg, 2),
      })),
    ),
    ratios: [],
  };
  return [
    {
      title: `Cluster capacity, each node held to a quarter of a core: lobbies of ${PER_LOBBY} at 1 msg/s per client until chat p99 > ${CLUSTER_P99_LIMIT_MS} ms or errors (one ramp each)`,
      rows,
      ratios,
      note,
    },
    steps,
  ];
}

export async function runClusterBench(opts: ClusterOptions): Promise<ClusterOutcome> {
  const { log } = opts;
  log(`cluster: ${opts.size.lobbies} lobbies of ${opts.size.perLobby}, a chat line per player every ${1 / opts.size.rate} s, rounds of 15 s, through HAProxy on 3 nodes`);
  const load = await runClusterLoad(opts.size, log);
  log(`  cluster load done in ${load.seconds} s`);
  const sections = [loadSection(load)];
  const ramps: ClusterRamp[] = [];
  const unavailable = quotasAvailable();
  if (unavailable) {
    log(`  cluster capacity skipped: ${unavailable}`);
    return { sections, load, ramps, skipped: unavailable };
  }
  for (const nodes of [1, 3]) {
    if (performance.now() + RAMP_NEEDS_MS > opts.deadline) {
      log(`  cluster capacity with ${nodes} node(s) skipped: out of time budget`);
      continue;
    }
    try {
      const ramp = await runQuarterCoreRamp(nodes, { settle: opts.settle, measure: opts.measure, grace: 2 }, opts.deadline, log);
      ramps.push(ramp);
      log(`  cluster capacity with ${nodes} node(s) on ${QUARTER_CORE} core each: ${ramp.capacity} lobbies (limited by ${ramp.limitedBy}) in ${ramp.seconds} s`);
    } catch (err) {
      log(`  cluster capacity with ${nodes} node(s) FAILED: ${(err as Error).message}`);
    }
  }
  sections.push(...capacitySections(ramps));
  return { sections, load, ramps };
}
