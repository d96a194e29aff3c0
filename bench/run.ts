// `bun run bench`: the whole benchmark, end to end, bounded in time. Realtime fan-out against
// socket.io on Node and the raw Bun floor (bench/realtime.ts), capacity on one core
// (bench/capacity.ts), the cluster under load and on quarter cores (bench/cluster.ts), then server
// rendering, pages and a guest's first minute on a weak phone (bench/ssr.ts, bench/pages.ts,
// bench/first-minute.ts) when present, and the server's memory under stalled readers beside the
// normal load (bench/stalled.ts).
// Writes bench/results/YYYY-MM-DD.md and .json (and capacity-YYYY-MM-DD.svg), and the ratios into
// README.md between the bench markers (bench/common/readme-table.ts). A run of only some sections
// writes bench/results/YYYY-MM-DD-SECTIONS.md and .json instead, and in the README replaces only the
// rows it measured.
// Environment: BENCH_ROUNDS (5), BENCH_MEASURE_S (15), BENCH_LOBBIES (250), BENCH_RATE (1 msg/s
// per client), CAPACITY_ROUNDS (3), CAPACITY_SETTLE_S (2), CAPACITY_MEASURE_S (3), CLUSTER_LOBBIES
// (2000), CLUSTER_MEASURE_S (60), STALLED_MEASURE_S (30), BENCH_ONLY (comma list of realtime,
// capacity, cluster, ssr, pages, firstminute, stalled), BENCH_TIMING (1: probe the realtime servers).
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { machine } from "./load/proc-stats";
import { runCapacityBench } from "./capacity";
import { killChildren } from "./common/children";
import { cell, writeBenchTable } from "./common/readme-table";
import { runRealtimeBench, type RunSize } from "./realtime";
import type { BenchSection } from "./section";

const ROOT = new URL("..", import.meta.url).pathname.replace(/\/$/, "");
const started = performance.now();
const date = new Date().toISOString().slice(0, 10);
const env = (name: string, fallback: number) => {
  const n = Number(process.env[name]);
  return Number.isFinite(n) && n > 0 ? n : fallback;
};
const SECTIONS = ["realtime", "capacity", "cluster", "ssr", "pages", "firstminute", "stalled"];
const only = new Set((process.env.BENCH_ONLY ?? SECTIONS.join(",")).split(",").map((s) => s.trim()));
// A run of only some sections: its own results files, and only its rows replaced in the README.
const partial = SECTIONS.some((name) => !only.has(name)) ? SECTIONS.filter((name) => only.has(name)) : undefined;
// A probed run (BENCH_TIMING=1) times lines inside the servers, which costs them time: its results
// have files of their own and leave the README's table alone.
const timing = process.env.BENCH_TIMING === "1";
const stem = (partial ? `${date}-${partial.join("+")}` : date) + (timing ? "-timing" : "");
// Capacity gets 10 minutes of its own on top of the rest's 14, and the cluster 8.
const CAPACITY_MS = 10 * 60 * 1000;
const CLUSTER_MS = 8 * 60 * 1000;
const BUDGET_MS = 14 * 60 * 1000 + (only.has("capacity") ? CAPACITY_MS : 0) + (only.has("cluster") ? CLUSTER_MS : 0);
const deadline = started + BUDGET_MS;
const log = (line: string) => console.log(`[${((performance.now() - started) / 1000).toFixed(0).padStart(4)} s] ${line}`);

// Whatever happens, no child outlives the bench, and the bench itself cannot outlive its budget.
const hardStop = setTimeout(() => {
  log(`bench exceeded its ${BUDGET_MS / 60_000 + 1} minute bound; stopping`);
  killChildren();
  process.exit(3);
}, BUDGET_MS + 60_000);
hardStop.unref();
for (const signal of ["SIGINT", "SIGTERM"] as const)
  process.on(signal, () => {
    killChildren();
    process.exit(130);
  });

function version(cmd: string[]): string {
  try {
    const out = Bun.spawnSync(cmd, { stdout: "pipe", stderr: "pipe" });
    return out.stdout.toString().trim() || "unknown";
  } catch {
    return "unknown";
  }
}

const box = machine();
const nproc = Number(version(["nproc"])) || box.cpus;
const host = {
  nproc,
  cpu: box.model,
  memoryGb: box.memoryGb,
  kernel: box.kernel,
  bun: Bun.version,
  node: version(["node", "--version"]),
};
const machineLine = `${host.nproc} CPU (${host.cpu}), ${host.memoryGb} GB RAM, Linux ${host.kernel}, Bun ${host.bun}, Node ${host.node}`;
log(`machine: ${machineLine}`);

type Section = BenchSection;
const sections: Section[] = [];
const raw: Record<string, unknown> = {};
const failures: string[] = [];

const outDir = join(ROOT, "bench", "results");
const capacityPlot = `capacity-${date}.svg`;
let plotted = false;
/** lines under the README's table besides the capacity plot's: each realtime round's tail and load */
const readmeLines: string[] = [];

function withDeadline<T>(what: string, promise: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  return Promise.race([promise, new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`${what} ran past its time budget`)), Math.max(1000, ms))))]).finally(() => clearTimeout(timer));
}

try {
  if (only.has("realtime")) {
    const lobbies = env("BENCH_LOBBIES", 250);
    const rate = env("BENCH_RATE", 1);
    const sizes: RunSize[] = [
      { name: "warm", lobbies: Math.max(1, Math.round(lobbies / 10)), perLobby: 8, rate, warmup: 2, measure: 5 },
      { name: "full", lobbies, perLobby: 8, rate, warmup: 3, measure: env("BENCH_MEASURE_S", 15) },
    ];
    // The realtime part may use up to 10.5 minutes, room for its 5 rounds now that each server is
    // stopped (and Stealmate's store closed) before its figures are read; SSR and pages get the rest.
    // Five short rounds rather than three long ones: the median shrugs off a round disturbed by
    // something else on the machine.
    const outcome = await runRealtimeBench({ rounds: env("BENCH_ROUNDS", 5), sizes, deadline: started + 10.5 * 60 * 1000, log, resultsFile: `bench/results/${stem}.md` });
    sections.push(...outcome.sections);
    raw.realtime = outcome.results;
    readmeLines.push(...outcome.readme);
  }

  if (only.has("capacity")) {
    try {
      const opts = { rounds: env("CAPACITY_ROUNDS", 3), settle: env("CAPACITY_SETTLE_S", 2), measure: env("CAPACITY_MEASURE_S", 3) };
      // Half a minute short of its budget: a ramp under way finishes its step, the servers stop.
      const outcome = await runCapacityBench({ ...opts, deadline: performance.now() + CAPACITY_MS - 30_000, log, date, plotFile: capacityPlot });
      sections.push(...outcome.sections);
      raw.capacity = outcome.ramps;
      mkdirSync(outDir, { recursive: true });
      writeFileSync(join(outDir, capacityPlot), outcome.svg);
      plotted = true;
    } catch (err) {
      failures.push(`capacity: ${(err as Error).message}`);
      log(`capacity FAILED: ${(err as Error).stack ?? err}`);
    }
  }

  if (only.has("cluster")) {
    try {
      // Imported here, so that none of the cluster's modules loads when its section does not run.
      const { runClusterBench } = await import("./cluster");
      const size = { lobbies: env("CLUSTER_LOBBIES", 2000), perLobby: 4, rate: 1 / 20, warmup: 20, measure: env("CLUSTER_MEASURE_S", 60), recover: 30 };
      // Half a minute short of its budget, as capacity: a ramp under way finishes its step.
      const outcome = await runClusterBench({ size, settle: env("CAPACITY_SETTLE_S", 2), measure: env("CAPACITY_MEASURE_S", 3), deadline: performance.now() + CLUSTER_MS - 30_000, log });
      sections.push(...outcome.sections);
      raw.cluster = { load: outcome.load, ramps: outcome.ramps, skipped: outcome.skipped };
    } catch (err) {
      failures.push(`cluster: ${(err as Error).message}`);
      log(`cluster FAILED: ${(err as Error).stack ?? err}`);
    }
  }

  for (const [name, file, fn] of [
    ["ssr", "ssr.ts", "runSsrBench"],
    ["pages", "pages.ts", "runPagesBench"],
    ["firstminute", "first-minute.ts", "runFirstMinuteBench"],
    ["stalled", "stalled.ts", "runStalledBench"],
  ] as const) {
    if (!only.has(name)) continue;
    const path = join(ROOT, "bench", file);
    if (!existsSync(path)) {
      log(`${name}: bench/${file} not present, skipped`);
      continue;
    }
    log(`${name}: running ${fn}() from bench/${file}`);
    try {
      const mod = (await import(path)) as Record<string, unknown>;
      const run = mod[fn];
      if (typeof run !== "function") throw new Error(`bench/${file} exports no ${fn}()`);
      const result = (await withDeadline(fn, Promise.resolve((run as () => unknown)()), deadline - performance.now())) as Section | Section[];
      const got = Array.isArray(result) ? result : [result];
      sections.push(...got);
      raw[name] = got;
    } catch (err) {
      failures.push(`${name}: ${(err as Error).message}`);
      log(`${name} FAILED: ${(err as Error).stack ?? err}`);
    }
  }
} catch (err) {
  failures.push(String((err as Error).stack ?? err));
  log(`bench FAILED: ${(err as Error).stack ?? err}`);
} finally {
  killChildren();
}

// ---- report ------------------------------------------------------------------------------------

function table(rows: Section["rows"]): string {
  if (rows.length === 0) return "_no rows_\n";
  const cols = [...new Set(rows.flatMap((r) => Object.keys(r)))];
  const head = `| ${cols.join(" | ")} |\n| ${cols.map((c) => (typeof rows[0]![c] === "number" ? "---:" : "---")).join(" | ")} |\n`;
  return head + rows.map((r) => `| ${cols.map((c) => cell(r[c] ?? "")).join(" | ")} |`).join("\n") + "\n";
}
function ratioTable(ratios: Section["ratios"]): string {
  if (ratios.length === 0) return "";
  return `\n| ratio | value | target | met |\n| --- | ---: | --- | --- |\n${ratios.map((r) => `| ${cell(r.name)} | ${r.value} | ${cell(r.target)} | ${r.met ? "yes" : "**no**"} |`).join("\n")}\n`;
}

const elapsedS = Math.round((performance.now() - started) / 1000);
const allRatios = sections.flatMap((s) => s.ratios);
const md = [
  `# Benchmark ${date}`,
  "",
  `Machine: ${machineLine}. Loopback only. Whole run: ${elapsedS} s.`,
  "",
  "Realtime: every client of a lobby sends room chat at the set rate; latency is receive time minus the",
  "send time carried in the message, measured on every receiving client (8 per message). CPU is the",
  "server's utime+stime over the measure window; RSS per player is (RSS with every client joined - idle",
  "RSS) / clients, from /proc (the target's measure); the marginal figure is (RSS with every client",
  "joined - RSS when a tenth had joined) / the clients in between, which leaves out one-off costs such",
  "as code paged in by the first requests. Each server runs alone, in alternating rounds; figures are medians.",
  "",
  "Capacity: each server alone on CPU 0, its load generator on CPU 1; lobbies of 8 are added in steps under",
  "running chat until chat p99 passes 50 ms or anything is refused, dropped or lost (docs/bench.md \"Method\").",
  "",
  "Cluster: lobbies of 4 play rounds and chat through HAProxy on 3 nodes, then the node with the most lobbies is",
  "killed with kill -9; and capacity ramps with 1 and 3 nodes, each node held to a quarter of a core by a cgroup",
  "(docs/bench.md \"The cluster\").",
  "",
  ...sections.flatMap((s) => [`## ${s.title}`, "", table(s.rows) + ratioTable(s.ratios), ...(s.note ? [s.note, ""] : [])]),
  ...(failures.length ? ["## Failures", "", ...failures.map((f) => `- ${f.split("\n")[0]}`), ""] : []),
].join("\n");

mkdirSync(outDir, { recursive: true });
writeFileSync(join(outDir, `${stem}.md`), md);
writeFileSync(join(outDir, `${stem}.json`), JSON.stringify({ date, machine: host, elapsedSeconds: elapsedS, only: partial ?? "all", sections, failures, raw }, null, 2));

// README: the ratios, between markers, so each run replaces the last summary (a partial run, its own rows).
const readmePath = join(ROOT, "README.md");
if (allRatios.length && existsSync(readmePath) && !timing) {
  const extra = [...readmeLines, ...(plotted ? [`Capacity on one core, chat p99 against lobbies: [plot](bench/results/${capacityPlot})`] : [])];
  writeFileSync(readmePath, writeBenchTable(readFileSync(readmePath, "utf8"), { ratios: allRatios, date, machineLine, results: `bench/results/${stem}.md`, extra, only: partial }));
}

log(`wrote bench/results/${stem}.md and .json in ${elapsedS} s`);
for (const r of allRatios) log(`${r.met ? "met   " : "MISSED"} ${r.name}: ${r.value} (target ${r.target})`);
clearTimeout(hardStop);
process.exit(failures.length ? 1 : 0);
