// The orchestrator's end of a ramp generator (bench/load/ramp-generator.ts), shared by the capacity
// bench on one core and the cluster's on quarter cores: a step written on its stdin, its report read
// back from its stdout, its measure window's start and end told as they come (for sampling the
// servers during it); and the rules every ramp follows: when a step fails, which rung is next, and
// how a step disturbed by other work waits for a calm second before it is measured again.
import type { Subprocess } from "bun";
import { lines, spawn, stopChild } from "./common/children";
import type { Step, StepReport } from "./load/ramp-generator";

export type WindowPhase = "step-measure-start" | "step-measure-end";

export class RampDriver {
  private readonly gen: Subprocess<"pipe", "pipe", "pipe">;
  private readonly reports: StepReport[] = [];
  private wake: () => void = () => {};
  private readonly stderr: Promise<string>;

  /** `cmd` runs the generator (under a wrapper, such as taskset, if need be). */
  constructor(cmd: string[], env: Record<string, string>, onWindow: (phase: WindowPhase) => void) {
    this.gen = spawn(cmd, env, "pipe");
    void lines(this.gen.stdout, (line) => {
      if (!line.startsWith("{")) return;
      this.reports.push(JSON.parse(line) as StepReport);
      this.wake();
    });
    this.stderr = lines(this.gen.stderr, (line) => {
      if (!line.startsWith("{")) return;
      const { phase } = JSON.parse(line) as { phase?: string };
      if (phase === "step-measure-start" || phase === "step-measure-end") onWindow(phase);
    });
  }

  get pid(): number {
    return this.gen.pid;
  }

  /** Runs one step; throws, with the end of the generator's output, if no report comes within `timeoutMs`. */
  async step(step: Step, timeoutMs: number): Promise<StepReport> {
    this.gen.stdin.write(`${JSON.stringify(step)}\n`);
    this.gen.stdin.flush();
    const until = performance.now() + timeoutMs;
    while (this.reports.length === 0 && this.gen.exitCode === null && performance.now() < until) await new Promise<void>((resolve) => ((this.wake = resolve), setTimeout(resolve, 250)));
    const report = this.reports.shift();
    if (!report) throw new Error(`the ramp generator gave no report for ${step.lobbies} lobbies:\n${(await Promise.race([this.stderr, Bun.sleep(500).then(() => "")])).slice(-3000)}`);
    return report;
  }

  async stop(): Promise<void> {
    this.gen.stdin.end();
    await stopChild(this.gen, 2000);
  }
}

/**
 * Waits, up to `maxMs`, for a second in which `calm()` holds of a window opened and closed around
 * it (the servers and the generator go on meanwhile); true if one came.
 */
export async function calmSecond(window: { opened(): void; closed(): void }, calm: () => boolean, maxMs: number): Promise<boolean> {
  const until = performance.now() + maxMs;
  do {
    window.opened();
    await Bun.sleep(1000);
    window.closed();
    if (calm()) return true;
  } while (performance.now() < until);
  return false;
}

/** Why a step failed ("" if it held): no chat, chat p99 over `limitMs`, errors, or receptions lost. */
export function judgeStep(report: StepReport, limitMs: number): string {
  if (report.latencyMs.samples === 0) return "no chat arrived";
  if (report.latencyMs.p99 > limitMs) return `p99 ${report.latencyMs.p99} ms`;
  if (report.errors > 0) return `errors: ${Object.entries(report.errorKinds).map(([k, n]) => `${k} ${n}`).join(", ")}`;
  if (report.lost > 0) return `${report.lost} receptions lost`;
  return "";
}

/**
 * The rung after `lobbies`: halfway to where the busiest part would be about full (`busiest` is its
 * load now, 1 = full; load grows about linearly with lobbies), at least one rung up, and one rung at
 * a time once p99 passes 40% of the limit.
 */
export function nextRungOf(rungs: readonly number[], lobbies: number, p99Ms: number, limitMs: number, busiest: number): number | undefined {
  const above = rungs.filter((r) => r > lobbies);
  if (p99Ms > limitMs * 0.4) return above[0];
  const aim = lobbies + (lobbies * (0.9 / busiest) - lobbies) / 2;
  return above.filter((r) => r <= aim).at(-1) ?? above[0];
}

/** Whether another step of this timing (and a few seconds of slack) ends before the ramp's deadline. */
export const stepFits = (timing: { settle: number; measure: number; grace: number }, deadline: number): boolean => performance.now() + (timing.settle + timing.measure + timing.grace + 5) * 1000 <= deadline;
