// One ramp of the capacity bench: one server pinned to CPU 0, the ramp generator
// (bench/load/ramp-generator.ts) pinned to CPU 1, lobbies added step by step under running chat
// until a step fails (chat p99 over the limit, or anything refused, dropped or lost).
import { loadavg } from "node:os";
import { pinned } from "./common/pinning";
import { startPeer } from "./common/peer-servers";
import { GENERATOR_CPU, SERVER_CPU, WindowSampler, type WindowFigures } from "./capacity-window";
import type { Kind } from "./load/clients";
import type { Step, StepReport } from "./load/ramp-generator";
import { judgeStep, nextRungOf, RampDriver, stepFits } from "./ramp-driver";

export const P99_LIMIT_MS = 50;
/** A generator whose core is this busy with its own work measures its own delays along with the server's. */
export const GENERATOR_BUSY_PCT = 85;
/** Generator timers this late at p99 (a fifth of the limit) count as delay of its own. */
export const GENERATOR_LAG_MS = P99_LIMIT_MS / 5;
/** Other processes using this much of either core disturb a step; a failed one is measured again. */
export const OTHERS_PCT = 10;
const REMEASURES = 3;
/** How long a disturbed step waits for the others to calm down before it is measured again. */
const QUIET_WAIT_MS = 15_000;
/** The first step settles this much longer: the server's code is still being compiled (JIT) then. */
const FIRST_STEP_WARMUP_S = 3;

/** The sizes a ramp may step to: 50 apart up to 600, then 100, then 200 (about a tenth or finer). */
export const RUNGS: readonly number[] = [50, 100, 150, 200, 250, 300, 350, 400, 450, 500, 550, 600, 700, 800, 900, 1000, 1100, 1200, 1400, 1600, 1800, 2000];

export interface StepResult extends WindowFigures {
  report: StepReport;
  held: boolean;
  /** why the step failed: the first of p99, errors, lost */
  failure: string;
  /** the generator's core was near full, its timers ran late, or it fell behind its sends */
  generatorBusy: boolean;
  /** other processes took more than OTHERS_PCT of either core */
  disturbed: boolean;
  /** failed while disturbed, so measured again: the next step of the ramp is the same size */
  remeasured: boolean;
  loadAvg: number;
}

/**
 * What ended a ramp: the server, or (the capacity then only a lower bound) its load generator's core,
 * other processes on the cores, the descriptor ceiling or the time budget.
 */
export type LimitedBy = "server" | "generator" | "others" | "ceiling" | "time";

export interface RampResult {
  kind: Kind;
  round: number;
  /** in the order they ran, the ones measured again included */
  steps: StepResult[];
  /** the largest step that held (0 if none did) */
  capacity: number;
  limitedBy: LimitedBy;
  seconds: number;
}

export interface RampTiming {
  settle: number;
  measure: number;
  grace: number;
  /** the first step */
  first: number;
  /** the largest step the descriptors allow */
  ceiling: number;
}

/**
 * A core's load: the process's own work and its traffic's interrupts, all but what others took (or
 * the process's CPU alone, where the core's tick-sampled count comes out lower).
 */
const serverLoad = (f: WindowFigures) => Math.max(f.serverCpuPct, f.serverCoreBusyPct - f.othersOnServerCpuPct);
const generatorLoad = (f: WindowFigures) => Math.max(f.generatorCpuPct, f.generatorCoreBusyPct - f.othersOnGeneratorCpuPct);

/** The next rung, aiming at where the busier of the two cores would be about full. */
export function nextRung(step: StepResult): number | undefined {
  const busiest = Math.max(serverLoad(step), generatorLoad(step), 1) / 100;
  return nextRungOf(RUNGS, step.report.lobbies, step.report.latencyMs.p99, P99_LIMIT_MS, busiest);
}

/**
 * The generator's own lateness could account for the step's failure: its timers ran late, and p99
 * less that lateness is within the limit. A server that stalls also makes the generator late as it
 * catches up with the burst that follows, but then p99 stays over the limit by more than that.
 */
function ownDelayExplains(report: StepReport): boolean {
  const lag = report.loopLagMs.p99;
  return lag >= GENERATOR_LAG_MS && report.latencyMs.p99 - lag <= P99_LIMIT_MS;
}

export async function runRamp(kind: Kind, round: number, peerDeps: string, timing: RampTiming, deadline: number, log: (line: string) => void): Promise<RampResult> {
  const started = performance.now();
  const server = await startPeer(kind, peerDeps, SERVER_CPU);
  const args = ["--url", server.url, "--kind", kind, "--limit", String(Math.ceil((deadline - started) / 1000) + 60)];
  const gen = new RampDriver(pinned(GENERATOR_CPU, ["bun", "bench/load/ramp-generator.ts", ...args]), { PEER_DEPS: peerDeps }, (phase) => (phase === "step-measure-start" ? sampler.opened() : sampler.closed()));
  const sampler = new WindowSampler(server.pid, gen.pid);

  const steps: StepResult[] = [];
  let limitedBy: LimitedBy = "server";
  try {
    let lobbies: number | undefined = Math.min(timing.first, timing.ceiling);
    while (lobbies !== undefined) {
      const step: Step = { lobbies, settle: timing.settle + (steps.length === 0 ? FIRST_STEP_WARMUP_S : 0), measure: timing.measure, grace: timing.grace };
      // Opening lobbies takes a few seconds a hundred at the most; a generator silent for longer is stuck.
      const report = await gen.step(step, (timing.settle + timing.measure + timing.grace + 30 + lobbies / 10) * 1000);
      const figures = sampler.figures();
      const failure = judgeStep(report, P99_LIMIT_MS);
      const result: StepResult = {
        report,
        ...figures,
        held: failure === "",
        failure,
        generatorBusy: generatorLoad(figures) >= GENERATOR_BUSY_PCT || report.skippedSends > 0 || ownDelayExplains(report),
        disturbed: figures.othersOnServerCpuPct > OTHERS_PCT || figures.othersOnGeneratorCpuPct > OTHERS_PCT,
        remeasured: false,
        loadAvg: loadavg()[0] ?? NaN,
      };
      log(
        `  round ${round} ${kind.padEnd(13)} ${String(lobbies).padStart(4)} lobbies  p99 ${report.latencyMs.p99} ms  errors ${report.errors}  lost ${report.lost}  ` +
          `server ${result.serverCpuPct.toFixed(0)}% on ${result.server.ran.join(",")}  generator ${result.generatorCpuPct.toFixed(0)}% on ${result.generator.ran.join(",")} (lag p99 ${report.loopLagMs.p99} ms)  ` +
          `cores busy ${result.serverCoreBusyPct.toFixed(0)}% / ${result.generatorCoreBusyPct.toFixed(0)}%, others ${result.othersOnServerCpuPct.toFixed(0)}% / ${result.othersOnGeneratorCpuPct.toFixed(0)}%${result.held ? "" : `  FAILED: ${failure}`}`,
      );
      steps.push(result);
      if (!result.held && result.disturbed && steps.filter((s) => s.remeasured).length < REMEASURES) {
        result.remeasured = true;
        const calm = await sampler.quiet(OTHERS_PCT, QUIET_WAIT_MS);
        log(`    other processes were busy on the cores: measuring ${lobbies} lobbies again${calm ? "" : `, though they still are after ${QUIET_WAIT_MS / 1000} s`}`);
        continue;
      }
      if (!result.held) {
        // Others first: a core shared with other processes also makes the generator's timers late.
        limitedBy = result.disturbed ? "others" : result.generatorBusy ? "generator" : "server";
        break;
      }
      lobbies = nextRung(result);
      if (lobbies !== undefined && lobbies > timing.ceiling) lobbies = undefined;
      if (lobbies === undefined) limitedBy = "ceiling";
      else if (!stepFits(timing, deadline)) {
        limitedBy = "time";
        break;
      }
    }
  } finally {
    await gen.stop();
    await server.stop();
  }
  const held = steps.filter((s) => s.held);
  return { kind, round, steps, capacity: held.at(-1)?.report.lobbies ?? 0, limitedBy, seconds: Math.round((performance.now() - started) / 1000) };
}
