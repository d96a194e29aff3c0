// What the two cores did during one step's measure window of the capacity bench: the server's and
// the generator's CPU, each core's busy time, what other processes took of it, and where each
// process may run and its threads ran (the check that the pinning took).
import { cpuTimes, placement, sample, softirqThread, type Placement, type ProcSample } from "./load/proc-stats";
import { calmSecond } from "./ramp-driver";

export const SERVER_CPU = 0;
export const GENERATOR_CPU = 1;

export interface WindowFigures {
  /** server CPU over the window, as a share of its one core */
  serverCpuPct: number;
  /** the generator's CPU over the window, as a share of its one core */
  generatorCpuPct: number;
  /** each core's busy time over the window, whoever used it (interrupts included) */
  serverCoreBusyPct: number;
  generatorCoreBusyPct: number;
  /** what everything else (other processes, the hypervisor) took of each core over the window */
  othersOnServerCpuPct: number;
  othersOnGeneratorCpuPct: number;
  server: Placement;
  generator: Placement;
}

interface Snapshot {
  server: ProcSample;
  gen: ProcSample;
  cores: Array<{ busy: number; irq: number }>;
  /** CPU seconds of each core's ksoftirqd: the loopback traffic's own work when interrupts are deferred */
  softirqd: number[];
  at: number;
}

export class WindowSampler {
  private readonly softirqds = [SERVER_CPU, GENERATOR_CPU].map(softirqThread);
  private start: Snapshot | undefined;
  private end: Snapshot | undefined;
  private placed: { server: Placement; generator: Placement } | undefined;

  constructor(
    private readonly serverPid: number,
    private readonly generatorPid: number,
  ) {}

  private snapshot(): Snapshot {
    return { server: sample(this.serverPid), gen: sample(this.generatorPid), cores: cpuTimes(), softirqd: this.softirqds.map((pid) => (pid ? sample(pid).cpuSeconds : 0)), at: performance.now() };
  }

  /** Called as the generator opens its window, and as it closes it. */
  opened(): void {
    this.start = this.snapshot();
    this.end = this.placed = undefined;
  }
  closed(): void {
    this.end = this.snapshot();
    this.placed = { server: placement(this.serverPid), generator: placement(this.generatorPid) };
  }

  /**
   * Waits, up to `maxMs`, for a second in which other processes take at most `othersPct` of either
   * core (the server and the generator go on meanwhile); true if one came.
   */
  quiet(othersPct: number, maxMs: number): Promise<boolean> {
    return calmSecond(
      this,
      () => {
        const f = this.figures();
        return f.othersOnServerCpuPct <= othersPct && f.othersOnGeneratorCpuPct <= othersPct;
      },
      maxMs,
    );
  }

  figures(): WindowFigures {
    const { start, end } = this;
    const pct = (of: (s: Snapshot) => number) => (start && end ? ((of(end) - of(start)) / ((end.at - start.at) / 1000)) * 100 : NaN);
    const serverCpuPct = pct((s) => s.server.cpuSeconds);
    const generatorCpuPct = pct((s) => s.gen.cpuSeconds);
    // Each process is pinned, so all its CPU time is on its core: what is left of that core's busy
    // time, after interrupts and their kernel thread (the loopback traffic's own work), is others'.
    const busy = (core: number) => pct((s) => s.cores[core]?.busy ?? NaN);
    const others = (core: number, own: number) => Math.max(0, busy(core) - own - pct((s) => (s.cores[core]?.irq ?? NaN) + s.softirqd[core]!));
    const unknown: Placement = { allowed: "?", ran: [] };
    return {
      serverCpuPct,
      generatorCpuPct,
      serverCoreBusyPct: busy(SERVER_CPU),
      generatorCoreBusyPct: busy(GENERATOR_CPU),
      othersOnServerCpuPct: others(SERVER_CPU, serverCpuPct),
      othersOnGeneratorCpuPct: others(GENERATOR_CPU, generatorCpuPct),
      server: this.placed?.server ?? unknown,
      generator: this.placed?.generator ?? unknown,
    };
  }
}
