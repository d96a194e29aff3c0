// The realtime benchmark: room chat fan-out on Stealmate (Bun's own WebSockets, JSON frames) against
// socket.io 4 on Node (what most Socket.IO party games run) and a raw Bun.serve relay with native
// topics (the floor), with the same socket.io relay on Bun (bun-engine) beside them as a reference.
// Each server runs as a child process on loopback, one at a time, in alternating rounds (A B C D,
// A B C D, ...); the load generator (bench/load/generator.ts) is a process of its own. Medians over
// the rounds.
import { loadavg } from "node:os";
import type { Subprocess } from "bun";
import { lines, spawn, stopChild } from "./common/children";
import { LABEL, startPeer, type Probed } from "./common/peer-servers";
import { socketioPackages } from "./common/socketio";
import type { Kind } from "./load/clients";
import type { GeneratorReport } from "./load/generator";
import { cpuTimes, rssSplit, sample, type ProcSample, type RssSplit } from "./load/proc-stats";
import type { BenchSection } from "./section";

export const KINDS: readonly Kind[] = ["stealmate", "node-socketio", "bun-socketio", "bun-raw"];

/** Where the socket.io peers and the generator load socket.io from (set once the bench has installed it). */
let peerDeps = "";
/** BENCH_TIMING=1: Stealmate and the relay-only reference run probed (docs/bench.md "Where the tail comes from"). */
const probing = process.env.BENCH_TIMING === "1";

/** The machine's busy CPU seconds so far, every core together. */
const machineBusy = () => cpuTimes().reduce((sum, cpu) => sum + cpu.busy, 0);

export interface RunSize {
  name: string;
  lobbies: number;
  perLobby: number;
  rate: number;
  warmup: number;
  measure: number;
}

export interface RunResult {
  kind: Kind;
  round: number;
  gen: GeneratorReport;
  idleRssKb: number;
  connectedRssKb: number;
  peakRssKb: number;
  rssPerPlayerKb: number;
  /** what the idle and connected RSS are made of: the server's own memory, and pages of files (its binary's) */
  idleSplit: RssSplit;
  connectedSplit?: RssSplit;
  /** RSS added per player between a tenth of the clients joined and all of them */
  marginalRssPerPlayerKb: number;
  /** server CPU over the measure window, as a share of one core */
  serverCpuPct: number;
  generatorCpuPct: number;
  /** server CPU microseconds per delivered message */
  cpuUsPerDelivery: number;
  /** the machine's 1-minute load average when the run ended: anything else busy shows here */
  loadAvg: number;
  /** what the machine's cores did over the window besides the server and the generator, as a share of one core */
  othersCpuPct: number;
  /** the probe's figures of the window (BENCH_TIMING=1) */
  probed?: Probed;
  /** Stealmate's commits over the whole run, from the line its store logs when it closes */
  commits?: CommitFigures;
}

/** What `store: N commits in M transactions ...` says (src/lobbies/commit-stats.ts). */
export interface CommitFigures {
  commits: number;
  transactions: number;
  meanGroup: number;
  largestGroup: number;
  groupMs: number;
  waitP50Ms: number;
  waitP99Ms: number;
}

const COMMIT_LINE = /store: (\d+) commits in (\d+) transactions \(mean ([\d.]+), largest (\d+), ([\d.]+) ms each\); a commit waited at most ([\d.]+) ms for half of them, ([\d.]+) ms for 99%/;

export function commitFigures(output: string): CommitFigures | undefined {
  const m = output.match(COMMIT_LINE);
  if (!m) return undefined;
  const [commits, transactions, meanGroup, largestGroup, groupMs, waitP50Ms, waitP99Ms] = m.slice(1).map(Number) as [number, number, number, number, number, number, number];
  return { commits, transactions, meanGroup, largestGroup, groupMs, waitP50Ms, waitP99Ms };
}

/** One server, one generator run: returns the generator's report and the server's costs. */
export async function runOnce(kind: Kind, size: RunSize, round: number, log: (line: string) => void): Promise<RunResult> {
  peerDeps ||= await socketioPackages();
  const server = await startPeer(kind, peerDeps, undefined, probing);
  let gen: Subprocess<"ignore", "pipe", "pipe"> | undefined;
  try {
    await Bun.sleep(1000);
    const idle = sample(server.pid);
    const idleSplit = rssSplit(server.pid);
    let connectedSplit: RssSplit | undefined;
    let connected: ProcSample | undefined;
    let tenth: { rssKb: number; clients: number } | undefined;
    type Window = { server: ProcSample; gen: ProcSample; busy: number; at: number };
    let windowStart: Window | undefined;
    let windowEnd: Window | undefined;
    let probed: Promise<Probed | undefined> | undefined;
    let peak = idle.peakRssKb;
    const poll = setInterval(() => (peak = Math.max(peak, sample(server.pid).peakRssKb)), 250);

    const limit = size.warmup + size.measure + 90;
    const args = ["--url", server.url, "--kind", kind, "--lobbies", String(size.lobbies), "--per-lobby", String(size.perLobby), "--rate", String(size.rate), "--warmup", String(size.warmup), "--measure", String(size.measure), "--limit", String(limit)];
    const child = (gen = spawn(["bun", "bench/load/generator.ts", ...args], { PEER_DEPS: peerDeps }));
    const both = (): Window => ({ server: sample(server.pid), gen: sample(child.pid), busy: machineBusy(), at: performance.now() });
    const stderr = lines(child.stderr, (line) => {
      if (!line.startsWith("{")) return;
      const { phase, connected: joined } = JSON.parse(line) as { phase?: string; connected?: number };
      // "warmup" comes a second after the last client joined: the server holds every connection.
      if (phase === "warmup") {
        connected = sample(server.pid);
        connectedSplit = rssSplit(server.pid);
      }
      else if (phase === "connected-tenth") tenth = { rssKb: sample(server.pid).rssKb, clients: joined ?? NaN };
      else if (phase === "measure-start") {
        windowStart = both();
        server.probe?.open();
      } else if (phase === "measure-end") {
        windowEnd = both();
        probed = server.probe?.close();
      }
    });
    const killer = setTimeout(() => child.kill("SIGKILL"), (limit + 10) * 1000);
    const [stdout, code] = await Promise.all([new Response(child.stdout).text(), child.exited]);
    clearTimeout(killer);
    clearInterval(poll);
    const report = stdout.trim().split("\n").at(-1) ?? "";
    if (!report.startsWith("{")) throw new Error(`generator for ${kind} exited with ${code} and no report:\n${(await stderr).slice(-4000)}`);
    const genReport = JSON.parse(report) as GeneratorReport;
    peak = Math.max(peak, sample(server.pid).peakRssKb);
    const seconds = windowStart && windowEnd ? (windowEnd.at - windowStart.at) / 1000 : NaN;
    const serverCpu = windowStart && windowEnd ? windowEnd.server.cpuSeconds - windowStart.server.cpuSeconds : NaN;
    const genCpu = windowStart && windowEnd ? windowEnd.gen.cpuSeconds - windowStart.gen.cpuSeconds : NaN;
    const connectedRss = connected?.rssKb ?? NaN;
    const result: RunResult = {
      kind,
      round,
      gen: genReport,
      idleRssKb: idle.rssKb,
      connectedRssKb: connectedRss,
      idleSplit,
      connectedSplit,
      peakRssKb: peak,
      rssPerPlayerKb: (connectedRss - idle.rssKb) / Math.max(1, genReport.connected),
      marginalRssPerPlayerKb: tenth ? (connectedRss - tenth.rssKb) / Math.max(1, genReport.connected - tenth.clients) : NaN,
      serverCpuPct: (serverCpu / seconds) * 100,
      generatorCpuPct: (genCpu / seconds) * 100,
      cpuUsPerDelivery: (serverCpu * 1e6) / Math.max(1, genReport.deliveredPerSec * seconds),
      loadAvg: loadavg()[0] ?? NaN,
      othersCpuPct: windowStart && windowEnd ? ((windowEnd.busy - windowStart.busy - serverCpu - genCpu) / seconds) * 100 : NaN,
      probed: await probed,
    };
    // The store logs its commit figures as it closes: the server is stopped (SIGTERM) before they are read.
    await server.stop();
    result.commits = commitFigures(server.output());
    log(
      `  ${size.name} round ${round} ${kind.padEnd(13)} p50 ${genReport.latencyMs.p50} ms  p99 ${genReport.latencyMs.p99} ms  max ${genReport.latencyMs.max} ms  ` +
        `${genReport.deliveredPerSec}/s  errors ${genReport.errors}  cpu ${result.serverCpuPct.toFixed(0)}%  rss/player ${result.rssPerPlayerKb.toFixed(1)} KB` +
        (result.commits ? `  commits ${result.commits.commits} in ${result.commits.transactions} transactions (mean ${result.commits.meanGroup}, largest ${result.commits.largestGroup}), commit wait p50 <= ${result.commits.waitP50Ms} ms, p99 <= ${result.commits.waitP99Ms} ms` : ""),
    );
    return result;
  } finally {
    if (gen) await stopChild(gen, 1000);
    await server.stop();
  }
}

export const median = (values: number[]): number => {
  const finite = values.filter(Number.isFinite).sort((a, b) => a - b);
  if (finite.length === 0) return NaN;
  const mid = finite.length >> 1;
  return finite.length % 2 ? finite[mid]! : (finite[mid - 1]! + finite[mid]!) / 2;
};
const fixed = (n: number, digits = 1) => (Number.isFinite(n) ? Number(n.toFixed(digits)) : "n/a");

export interface Summary {
  kind: Kind;
  runs: number;
  p50: number;
  p99: number;
  max: number;
  deliveredPerSec: number;
  sent: number;
  lost: number;
  errors: number;
  serverCpuPct: number;
  generatorCpuPct: number;
  cpuUsPerDelivery: number;
  idleRssMb: number;
  connectedRssMb: number;
  peakRssMb: number;
  rssPerPlayerKb: number;
  marginalRssPerPlayerKb: number;
  /** Stealmate's commits per transaction, and the bound of its commits' wait at p99 (whole run) */
  meanGroup: number;
  commitWaitP99Ms: number;
}

export function summarize(kind: Kind, results: RunResult[]): Summary {
  const mine = results.filter((r) => r.kind === kind);
  const m = (f: (r: RunResult) => number) => median(mine.map(f));
  return {
    kind,
    runs: mine.length,
    p50: m((r) => r.gen.latencyMs.p50),
    p99: m((r) => r.gen.latencyMs.p99),
    max: m((r) => r.gen.latencyMs.max),
    deliveredPerSec: m((r) => r.gen.deliveredPerSec),
    sent: m((r) => r.gen.sent),
    lost: m((r) => r.gen.lost),
    errors: m((r) => r.gen.errors),
    serverCpuPct: m((r) => r.serverCpuPct),
    generatorCpuPct: m((r) => r.generatorCpuPct),
    cpuUsPerDelivery: m((r) => r.cpuUsPerDelivery),
    idleRssMb: m((r) => r.idleRssKb / 1024),
    connectedRssMb: m((r) => r.connectedRssKb / 1024),
    peakRssMb: m((r) => r.peakRssKb / 1024),
    rssPerPlayerKb: m((r) => r.rssPerPlayerKb),
    marginalRssPerPlayerKb: m((r) => r.marginalRssPerPlayerKb),
    meanGroup: m((r) => r.commits?.meanGroup ?? NaN),
    commitWaitP99Ms: m((r) => r.commits?.waitP99Ms ?? NaN),
  };
}

function rows(summaries: Summary[]): BenchSection["rows"] {
  return summaries.map((s) => ({
    server: LABEL[s.kind],
    runs: s.runs,
    "p50 ms": fixed(s.p50, 2),
    "p99 ms": fixed(s.p99, 2),
    "max ms": fixed(s.max, 1),
    "delivered/s": fixed(s.deliveredPerSec, 0),
    "sent (window)": fixed(s.sent, 0),
    lost: fixed(s.lost, 0),
    errors: fixed(s.errors, 0),
    "server CPU %": fixed(s.serverCpuPct, 0),
    "CPU µs/delivery": fixed(s.cpuUsPerDelivery, 2),
    "generator CPU %": fixed(s.generatorCpuPct, 0),
    "idle RSS MB": fixed(s.idleRssMb, 1),
    "connected RSS MB": fixed(s.connectedRssMb, 1),
    "peak RSS MB": fixed(s.peakRssMb, 1),
    "RSS KB/player": fixed(s.rssPerPlayerKb, 1),
    "RSS KB/player, marginal": fixed(s.marginalRssPerPlayerKb, 1),
    "commits/transaction": fixed(s.meanGroup, 1),
    "commit wait p99 ms (at most)": fixed(s.commitWaitP99Ms, 2),
  }));
}

export interface RealtimeOptions {
  rounds: number;
  sizes: RunSize[];
  /** performance.now() past which no new round starts */
  deadline: number;
  /** the run's results file, relative to the repository, which the README's line links to */
  resultsFile: string;
  log: (line: string) => void;
}

export interface RealtimeOutcome {
  sections: BenchSection[];
  results: Record<string, RunResult[]>;
  /** the README's line of each judged round's tail and the machine's load, under the table of ratios */
  readme: string[];
}

const SHORT: Record<Kind, string> = { stealmate: "Stealmate", "node-socketio": "Node", "bun-socketio": "relay on Bun", "bun-raw": "floor" };

/**
 * Each round's chat p99 / max for every server, and how busy the machine was meanwhile, so a reader
 * of the README can tell a noisy run from a real change (the ratios are medians of these).
 */
export function roundsLine(size: RunSize, results: RunResult[], resultsFile: string): string {
  const rounds = [...new Set(results.map((r) => r.round))].sort((a, b) => a - b);
  const each = rounds.map((round) => {
    const mine = results.filter((r) => r.round === round);
    const servers = mine.map((r) => `${SHORT[r.kind]} ${fixed(r.gen.latencyMs.p99, 2)} / ${fixed(r.gen.latencyMs.max, 1)}`).join(", ");
    const load = Math.max(...mine.map((r) => r.loadAvg));
    const others = Math.max(...mine.map((r) => r.othersCpuPct));
    return `round ${round}: ${servers} (load average up to ${fixed(load, 2)}, other processes up to ${fixed(others, 0)}% of a core)`;
  });
  return `[Realtime rounds](${resultsFile}), chat p99 / max ms at ${size.lobbies}x${size.perLobby}: ${each.join("; ")}.`;
}

/** Every size, every server, alternating; the last size is the one the targets are judged on. */
export async function runRealtimeBench(opts: RealtimeOptions): Promise<RealtimeOutcome> {
  peerDeps = await socketioPackages();
  const sections: BenchSection[] = [];
  const readme: string[] = [];
  const all: Record<string, RunResult[]> = {};
  for (const [i, size] of opts.sizes.entries()) {
    const judged = i === opts.sizes.length - 1;
    const rounds = judged ? opts.rounds : 1;
    const results: RunResult[] = (all[size.name] = []);
    opts.log(`realtime ${size.name}: ${size.lobbies} lobbies x ${size.perLobby} clients, ${size.rate} msg/s each, ${size.warmup} s warmup + ${size.measure} s measured, ${rounds} round(s)`);
    for (let round = 1; round <= rounds; round++) {
      // A round only starts if it can finish in time; at least one round always runs.
      const roundCost = KINDS.length * (size.warmup + size.measure + 15) * 1000;
      if (round > 1 && performance.now() + roundCost > opts.deadline) {
        opts.log(`  skipping round ${round}: out of time budget`);
        break;
      }
      for (const kind of KINDS) {
        try {
          results.push(await runOnce(kind, size, round, opts.log));
        } catch (err) {
          opts.log(`  ${size.name} round ${round} ${kind} FAILED: ${(err as Error).message}`);
        }
      }
    }
    const summaries = KINDS.map((k) => summarize(k, results));
    const of = (kind: Kind) => summaries.find((s) => s.kind === kind)!;
    const [mate, node, raw] = [of("stealmate"), of("node-socketio"), of("bun-raw")];
    const ratios: BenchSection["ratios"] = [];
    if (judged) {
      const p99 = mate.p99 / node.p99;
      const max = mate.max / node.max;
      const p99Floor = mate.p99 / raw.p99;
      const tput = mate.deliveredPerSec / raw.deliveredPerSec;
      const rss = mate.rssPerPlayerKb / node.rssPerPlayerKb;
      const cpu = mate.cpuUsPerDelivery / raw.cpuUsPerDelivery;
      const at = `(${size.lobbies}x${size.perLobby})`;
      const r = (n: number) => Number(n.toFixed(3));
      ratios.push(
        { name: `chat fan-out p99, Stealmate / socket.io on Node ${at}`, value: r(p99), target: "<= 0.6", met: p99 <= 0.6 },
        { name: `chat fan-out max, Stealmate / socket.io on Node ${at}`, value: r(max), target: "<= 1", met: max <= 1 },
        { name: `chat fan-out p99, Stealmate / raw Bun floor ${at}`, value: r(p99Floor), target: "<= 2", met: p99Floor <= 2 },
        { name: `delivered msgs/s, Stealmate / raw Bun floor ${at}`, value: r(tput), target: ">= 0.25", met: tput >= 0.25 },
        { name: "server RSS per connected player, Stealmate / socket.io on Node", value: r(rss), target: "<= 0.4", met: rss <= 0.4 },
        { name: `server CPU per delivered message, Stealmate / raw Bun floor ${at}`, value: r(cpu), target: "<= 1.3", met: cpu <= 1.3 },
        { name: "Stealmate's RSS 1 s after start-up, MB", value: r(mate.idleRssMb), target: "<= 60", met: mate.idleRssMb <= 60 },
      );
    }
    sections.push({
      title: `Realtime: room chat fan-out, ${size.lobbies} lobbies x ${size.perLobby} clients, ${size.rate} msg/s per client (${size.name}${judged ? `, median of ${Math.max(...summaries.map((s) => s.runs))} rounds` : ""})`,
      rows: rows(summaries),
      ratios,
    });
    // Every run, in the order they ran, so a round disturbed by something else on the machine shows.
    if (judged)
      sections.push({
        title: `Realtime rounds (${size.name}), in the order they ran`,
        rows: results.map((r) => ({
          round: r.round,
          server: r.kind,
          "p50 ms": fixed(r.gen.latencyMs.p50, 2),
          "p99 ms": fixed(r.gen.latencyMs.p99, 2),
          "max ms": fixed(r.gen.latencyMs.max, 1),
          "delivered/s": fixed(r.gen.deliveredPerSec, 0),
          errors: r.gen.errors,
          "server CPU %": fixed(r.serverCpuPct, 0),
          "RSS KB/player": fixed(r.rssPerPlayerKb, 1),
          "RSS KB/player, marginal": fixed(r.marginalRssPerPlayerKb, 1),
          // What the idle and per-player RSS are made of (docs/bench.md "Idle RSS, module by module").
          "idle RSS MB: RssAnon / the binary's pages": `${fixed(r.idleSplit.anonKb / 1024, 1)} / ${fixed(r.idleSplit.exeKb / 1024, 1)}`,
          "RSS KB/player: RssAnon / RssFile": r.connectedSplit ? `${fixed((r.connectedSplit.anonKb - r.idleSplit.anonKb) / Math.max(1, r.gen.connected), 1)} / ${fixed((r.connectedSplit.fileKb - r.idleSplit.fileKb) / Math.max(1, r.gen.connected), 1)}` : "n/a",
          "load avg": fixed(r.loadAvg, 2),
          "other processes' CPU %": fixed(r.othersCpuPct, 0),
        })),
        ratios: [],
      });
    if (judged && results.length > 0) readme.push(roundsLine(size, results, opts.resultsFile));
    const probedRuns = results.filter((r) => r.probed);
    if (probedRuns.length > 0) sections.push(probeSection(size, probedRuns));
  }
  return { sections, results: all, readme };
}

/** Where a line's time goes, per probed round: the stages (Stealmate), the loop and the collections (both). */
function probeSection(size: RunSize, runs: RunResult[]): BenchSection {
  const stage = (r: RunResult, name: keyof Probed["timing"]["stages"]) => {
    const s = r.probed!.timing.stages[name];
    return s && Number.isFinite(s.p99) ? `${s.p50} / ${s.p99} / ${s.max}` : "n/a";
  };
  const parts = (of: Record<string, number>) => (Number.isFinite(of.commit) ? Object.entries(of).map(([k, v]) => `${k} ${v}`).join(", ") : "n/a");
  return {
    title: `Where a line's time goes (${size.name}, BENCH_TIMING=1; ms, p50 / p99 / max over the window)`,
    rows: runs.map((r) => {
      const { timing, gc } = r.probed!;
      return {
        round: r.round,
        server: r.kind,
        "chat p99 ms (clients)": fixed(r.gen.latencyMs.p99, 2),
        "chat max ms (clients)": fixed(r.gen.latencyMs.max, 1),
        "lines timed": timing.lines,
        "line in the server": stage(r, "total"),
        validate: stage(r, "validate"),
        reduce: stage(r, "reduce"),
        commit: stage(r, "commit"),
        encode: stage(r, "encode"),
        publish: stage(r, "publish"),
        rest: stage(r, "rest"),
        "stages of the lines at p99 (mean)": parts(timing.atP99),
        "stages of the slowest line": parts(timing.atMax),
        "loop lag": `${timing.loopLag.p50} / ${timing.loopLag.p99} / ${timing.loopLag.max}`,
        "collections (eden, full)": `${gc.eden}, ${gc.full}`,
        "paused ms (total, longest, pauses >= 1 ms)": `${gc.pauseMs}, ${gc.maxPauseMs}, ${gc.over1Ms}`,
        "load avg": fixed(r.loadAvg, 2),
        "other processes' CPU %": fixed(r.othersCpuPct, 0),
      };
    }),
    ratios: [],
  };
}
