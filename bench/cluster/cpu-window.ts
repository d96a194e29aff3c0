// What a cluster's processes took of the machine over one window: each one's user + system time
// (/proc, every thread counted) as a share of one core, the two cores' busy time whoever used it, and
// for a node held to a quota, in what share of the periods the quota stopped it.
import type { CpuQuota, Throttling } from "./cpu-quota";
import { cpuTimes, sample } from "../load/proc-stats";
import { calmSecond } from "../ramp-driver";

export interface WindowCpu {
  seconds: number;
  /** by process name (n1, n2, haproxy, redis, generator): % of one core */
  cpuPct: Record<string, number>;
  /** both cores' busy time, % of the two together (interrupts included) */
  machineBusyPct: number;
  /** the busy time none of these processes accounts for (other processes, other guests of the hypervisor, interrupts), % of one core */
  restPct: number;
  /** by node: % of its quota's periods in which it used the whole quota and waited */
  throttledPct: Record<string, number>;
}

interface Snapshot {
  at: number;
  cpu: Record<string, number>;
  busy: number;
  throttling: Record<string, Throttling>;
}

export class CpuWindow {
  private start: Snapshot | undefined;
  private end: Snapshot | undefined;

  constructor(
    readonly pids: Record<string, number>,
    private readonly quotas: Record<string, CpuQuota> = {},
  ) {}

  private snapshot(): Snapshot {
    return {
      at: performance.now(),
      cpu: Object.fromEntries(Object.entries(this.pids).map(([name, pid]) => [name, sample(pid).cpuSeconds])),
      busy: cpuTimes().reduce((sum, core) => sum + core.busy, 0),
      throttling: Object.fromEntries(Object.entries(this.quotas).map(([name, quota]) => [name, quota.throttling()])),
    };
  }

  opened(): void {
    this.start = this.snapshot();
    this.end = undefined;
  }

  closed(): void {
    this.end = this.snapshot();
  }

  /** Waits, up to `maxMs`, for a second in which the rest takes at most `restPct` of a core; true if one came. */
  quiet(restPct: number, maxMs: number): Promise<boolean> {
    return calmSecond(this, () => this.figures().restPct <= restPct, maxMs);
  }

  figures(): WindowCpu {
    const { start, end } = this;
    if (!start || !end) return { seconds: NaN, cpuPct: {}, machineBusyPct: NaN, restPct: NaN, throttledPct: {} };
    const seconds = (end.at - start.at) / 1000;
    const cores = Math.max(1, cpuTimes().length);
    const cpuPct = Object.fromEntries(Object.keys(this.pids).map((name) => [name, ((end.cpu[name]! - start.cpu[name]!) / seconds) * 100]));
    const busyPct = ((end.busy - start.busy) / seconds) * 100;
    return {
      seconds,
      cpuPct,
      machineBusyPct: busyPct / cores,
      restPct: Math.max(0, busyPct - Object.values(cpuPct).reduce((a, b) => a + b, 0)),
      throttledPct: Object.fromEntries(
        Object.keys(this.quotas).map((name) => {
          const [a, b] = [start.throttling[name]!, end.throttling[name]!];
          return [name, ((b.throttled - a.throttled) / Math.max(1, b.periods - a.periods)) * 100];
        }),
      ),
    };
  }
}
