// Capacity on one core: how many lobbies of 8, each client chatting at 1 message a second, one CPU
// core serves before chat p99 passes 50 ms or anything is refused, dropped or lost. Stealmate,
// socket.io 4 on Node and the raw Bun floor, each pinned to CPU 0 with its load generator on CPU 1,
// ramp in alternating rounds (bench/capacity-ramp.ts); a peer's capacity is the median over the
// rounds of the largest step that held. docs/bench.md "Method" says how, and what bounds the figure.
import { LABEL } from "./common/peer-servers";
import { ensureTaskset } from "./common/pinning";
import { socketioPackages } from "./common/socketio";
import { linePlot } from "./common/svg-plot";
import { P99_LIMIT_MS, RUNGS, runRamp, type LimitedBy, type RampResult, type RampTiming, type StepResult } from "./capacity-ramp";
import { GENERATOR_CPU, SERVER_CPU } from "./capacity-window";
import type { Kind } from "./load/clients";
import { median } from "./realtime";
import type { BenchSection } from "./section";
import { chatColumns, fixed } from "./step-columns";

const KINDS: readonly Kind[] = ["stealmate", "node-socketio", "bun-raw"];
const COLOR: Partial<Record<Kind, string>> = { stealmate: "#c2255c", "node-socketio": "#1c7ed6", "bun-raw": "#2b8a3e" };
const NAME: Partial<Record<Kind, string>> = { stealmate: "Stealmate", "node-socketio": "socket.io 4 on Node", "bun-raw": "raw Bun floor" };
const HELD_BACK: Record<Exclude<LimitedBy, "server">, string> = {
  generator: "the load generator's core",
  others: "other processes on the cores",
  ceiling: "the open-file ceiling",
  time: "the time budget",
};
const PER_LOBBY = 8;

export interface CapacityOptions {
  rounds: number;
  settle: number;
  measure: number;
  /** performance.now() past which no new round (or step) starts */
  deadline: number;
  log: (line: string) => void;
  date: string;
  /** the plot's file name beside the results, for the link under the summary */
  plotFile: string;
}

export interface CapacityOutcome {
  sections: BenchSection[];
  ramps: RampResult[];
  /** chat p99 against lobbies, one line per server */
  svg: string;
}

/** The most lobbies the open-file limit lets both the server and the generator hold, on a rung. */
function ceiling(): number {
  const fds = Number(Bun.spawnSync(["sh", "-c", "ulimit -n"]).stdout.toString().trim()) || 1024;
  const most = Math.floor((fds - 512) / PER_LOBBY);
  return RUNGS.filter((r) => r <= most).at(-1) ?? RUNGS[0]!;
}

/** The step at a ramp's capacity (the last that held). */
const atCapacity = (ramp: RampResult): StepResult | undefined => ramp.steps.filter((s) => s.held).at(-1);
/** A ramp's steps without the ones measured again. */
const final = (ramp: RampResult): StepResult[] => ramp.steps.filter((s) => !s.remeasured);
/** A ramp that ended for a reason other than the server: its capacity is a lower bound. */
const boundedBelow = (ramp: RampResult) => ramp.limitedBy !== "server";

interface Summary {
  kind: Kind;
  ramps: RampResult[];
  capacity: number;
  /** most of its rounds ended before the server did: the capacity is at least this */
  lowerBound: boolean;
}

function summarize(kind: Kind, all: RampResult[]): Summary {
  const ramps = all.filter((r) => r.kind === kind);
  return { kind, ramps, capacity: median(ramps.map((r) => r.capacity)), lowerBound: ramps.filter(boundedBelow).length * 2 > ramps.length };
}

function placements(steps: StepResult[], which: "server" | "generator"): string {
  const allowed = [...new Set(steps.map((s) => s[which].allowed))].join(" ");
  const ran = [...new Set(steps.flatMap((s) => s[which].ran))].sort().join(",");
  return `allowed ${allowed}, ran on ${ran || "?"}`;
}

/** " — raw Bun floor held back by the load generator's core: an upper bound", or "" when neither was. */
function heldBack(mate: Summary, peer: Summary): string {
  const held = [mate, peer].filter((s) => s.lowerBound);
  if (held.length === 0) return "";
  const reasons = [...new Set(held.flatMap((s) => s.ramps.map((r) => r.limitedBy)).filter((l) => l !== "server"))].map((l) => HELD_BACK[l]);
  const bound = held.length === 2 ? "no bound" : peer.lowerBound ? "an upper bound" : "a lower bound";
  return ` — ${held.map((s) => NAME[s.kind]).join(" and ")} held back by ${reasons.join(" and ")}: ${bound}`;
}

function ratio(name: string, mate: Summary, peer: Summary, target: number): BenchSection["ratios"][number] {
  const value = mate.capacity / peer.capacity;
  // A peer held to a lower bound makes the ratio an upper bound: it cannot then be said to be met.
  const note = heldBack(mate, peer);
  return { name: `${name}${note}`, value: Number.isFinite(value) ? Number(value.toFixed(3)) : 0, target: `>= ${target}`, met: Number.isFinite(value) && value >= target && !peer.lowerBound };
}

function plot(summaries: Summary[], rounds: number, date: string): string {
  const series = summaries.flatMap((s) => {
    const color = COLOR[s.kind]!;
    const faint = rounds > 1 ? s.ramps.map((r) => ({ color, width: 1.2, opacity: 0.35, dots: true, points: final(r).map((st): [number, number] => [st.report.lobbies, st.report.latencyMs.p99]) })) : [];
    // The bold line: each step's median p99 over the rounds, where more than half of them measured it.
    const byStep = new Map<number, number[]>();
    for (const r of s.ramps) for (const st of final(r)) byStep.set(st.report.lobbies, [...(byStep.get(st.report.lobbies) ?? []), st.report.latencyMs.p99]);
    const points = [...byStep].filter(([, p99s]) => p99s.length * 2 > s.ramps.length).map(([x, p99s]): [number, number] => [x, median(p99s.filter((p) => p > 0))]);
    const label = `${NAME[s.kind]}\ncapacity ${s.capacity} lobbies${s.lowerBound ? " or more" : ""}`;
    return [...faint, { color, width: 3, dots: true, points, label }];
  });
  return linePlot({
    title: `Chat p99 against lobbies of ${PER_LOBBY}, server on one core (${date})`,
    note: `1 chat line a second per client; server on CPU ${SERVER_CPU}, load generator on CPU ${GENERATOR_CPU}; ${rounds > 1 ? `bold: median of ${rounds} rounds, faint: each round` : "one round"}`,
    xLabel: `lobbies of ${PER_LOBBY} clients`,
    yLabel: "chat p99, ms (log scale)",
    yLog: true,
    series,
    hLines: [{ y: P99_LIMIT_MS, label: `${P99_LIMIT_MS} ms limit`, color: "#e8590c" }],
  });
}

export async function runCapacityBench(opts: CapacityOptions): Promise<CapacityOutcome> {
  await ensureTaskset();
  const peerDeps = await socketioPackages();
  const timing: RampTiming = { settle: opts.settle, measure: opts.measure, grace: 2, first: 100, ceiling: ceiling() };
  opts.log(`capacity: lobbies of ${PER_LOBBY}, 1 msg/s per client, ${timing.settle} s settle + ${timing.measure} s measured a step, up to ${timing.ceiling} lobbies, ${opts.rounds} round(s)`);
  const ramps: RampResult[] = [];
  let roundStarted = performance.now();
  for (let round = 1; round <= opts.rounds; round++) {
    // A round only starts if one like the last can finish in time; at least one round always runs.
    const lastRound = performance.now() - roundStarted;
    if (round > 1 && performance.now() + lastRound > opts.deadline) {
      opts.log(`  skipping round ${round}: out of time budget`);
      break;
    }
    roundStarted = performance.now();
    for (const kind of KINDS) {
      try {
        const ramp = await runRamp(kind, round, peerDeps, timing, Math.max(opts.deadline, roundStarted + 60_000), opts.log);
        ramps.push(ramp);
        opts.log(`  round ${round} ${kind}: capacity ${ramp.capacity} lobbies (limited by ${ramp.limitedBy}) in ${ramp.seconds} s`);
      } catch (err) {
        opts.log(`  round ${round} ${kind} FAILED: ${(err as Error).message}`);
      }
    }
  }

  const summaries = KINDS.map((k) => summarize(k, ramps));
  const of = (kind: Kind) => summaries.find((s) => s.kind === kind)!;
  const [mate, node, floor] = [of("stealmate"), of("node-socketio"), of("bun-raw")];
  const rounds = Math.max(0, ...summaries.map((s) => s.ramps.length));
  const at = (s: Summary, f: (st: StepResult) => number) => median(s.ramps.map(atCapacity).filter((st) => st !== undefined).map(f));
  const summary: BenchSection = {
    title: `Capacity on one core: lobbies of ${PER_LOBBY} at 1 msg/s per client until chat p99 > ${P99_LIMIT_MS} ms or errors (median of ${rounds} round(s))`,
    rows: summaries.map((s) => ({
      server: LABEL[s.kind],
      rounds: s.ramps.length,
      "capacity, lobbies": s.capacity,
      players: s.capacity * PER_LOBBY,
      "per round": s.ramps.map((r) => r.capacity).join(", "),
      "limited by": s.ramps.map((r) => r.limitedBy).join(", "),
      "p99 ms at capacity": fixed(at(s, (st) => st.report.latencyMs.p99), 2),
      "server CPU % at capacity": fixed(at(s, (st) => st.serverCpuPct), 0),
      "server core busy % at capacity": fixed(at(s, (st) => st.serverCoreBusyPct), 0),
      "generator CPU % at capacity": fixed(at(s, (st) => st.generatorCpuPct), 0),
      "generator core busy % at capacity": fixed(at(s, (st) => st.generatorCoreBusyPct), 0),
      "generator lag p99 ms at capacity": fixed(at(s, (st) => st.report.loopLagMs.p99), 1),
      "steps disturbed by others": s.ramps.flatMap((r) => r.steps).filter((st) => st.disturbed).length,
      "server placement": placements(s.ramps.flatMap((r) => r.steps), "server"),
      "generator placement": placements(s.ramps.flatMap((r) => r.steps), "generator"),
    })),
    ratios: [ratio("capacity on one core, Stealmate / socket.io on Node", mate, node, 1.5), ratio("capacity on one core, Stealmate / raw Bun floor", mate, floor, 0.6)],
    note: `Chat p99 against lobbies, each server on one core: ![capacity plot](${opts.plotFile})`,
  };
  // Every step of every ramp, in the order they ran, so a disturbed round or a busy generator shows.
  const steps: BenchSection = {
    title: "Capacity steps, in the order they ran",
    rows: ramps.flatMap((r) =>
      r.steps.map((st) => ({
        round: r.round,
        server: r.kind,
        ...chatColumns(st.report),
        "server CPU %": fixed(st.serverCpuPct, 0),
        "generator CPU %": fixed(st.generatorCpuPct, 0),
        "generator lag p99 ms": fixed(st.report.loopLagMs.p99, 1),
        "server core busy %": fixed(st.serverCoreBusyPct, 0),
        "generator core busy %": fixed(st.generatorCoreBusyPct, 0),
        "others on server CPU %": fixed(st.othersOnServerCpuPct, 0),
        "others on generator CPU %": fixed(st.othersOnGeneratorCpuPct, 0),
        "setup s": st.report.setupSeconds,
        held: st.held ? "yes" : `no: ${st.failure}${st.generatorBusy ? " (generator busy)" : ""}${st.remeasured ? " (others busy: measured again)" : ""}`,
        "load avg": fixed(st.loadAvg, 2),
      })),
    ),
    ratios: [],
  };
  return { sections: [summary, steps], ramps, svg: plot(summaries, rounds, opts.date) };
}
