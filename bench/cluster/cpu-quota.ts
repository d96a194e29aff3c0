// A share of one core for a process and all its threads, as a cgroup (v1's cpu controller) with a
// CFS quota: 25 ms of CPU in every 100 ms period is a quarter of a core. The process joins the
// group before it runs anything (its command is wrapped), and the group goes once it is empty. It
// also says how often the quota held the process back.
import { existsSync, mkdirSync, readFileSync, rmdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";

const CPU_ROOT = "/sys/fs/cgroup/cpu";
const PERIOD_US = 100_000;

// A group left behind by a bench that crashed would hold nothing, but would stay until a reboot.
const made = new Set<string>();
process.on("exit", () => {
  for (const dir of made) removeGroup(dir);
});

function removeGroup(dir: string): void {
  try {
    rmdirSync(dir);
    made.delete(dir);
  } catch {
    // still holds a process (it is removed once that has exited), or already gone
  }
}

/** Whether this machine lets the bench make cpu cgroups (v1, written as root). */
export function quotasAvailable(): string | undefined {
  if (!existsSync(join(CPU_ROOT, "cpu.cfs_quota_us"))) return `no cgroup v1 cpu controller at ${CPU_ROOT}`;
  try {
    const probe = join(CPU_ROOT, `stealmate-bench-probe-${process.pid}`);
    mkdirSync(probe);
    rmdirSync(probe);
    return undefined;
  } catch (err) {
    return `cannot make a cgroup under ${CPU_ROOT}: ${(err as Error).message}`;
  }
}

export interface Throttling {
  /** periods in which the group ran */
  periods: number;
  /** of them, those in which it used up its quota and waited for the next */
  throttled: number;
  /** how long it waited, in all, ms */
  throttledMs: number;
}

export class CpuQuota {
  readonly dir: string;

  /** `name` unique on the machine; `cores` the share of one core (0.25 a quarter). */
  constructor(name: string, cores: number) {
    this.dir = join(CPU_ROOT, name);
    mkdirSync(this.dir);
    made.add(this.dir);
    writeFileSync(join(this.dir, "cpu.cfs_period_us"), String(PERIOD_US));
    writeFileSync(join(this.dir, "cpu.cfs_quota_us"), String(Math.round(PERIOD_US * cores)));
  }

  /** `cmd` run inside the group: the shell joins it, then becomes `cmd` (exec), so every thread is in it. */
  wrap(cmd: string[]): string[] {
    return ["sh", "-c", 'echo $$ > "$0/cgroup.procs" && exec "$@"', this.dir, ...cmd];
  }

  throttling(): Throttling {
    const stat = readFileSync(join(this.dir, "cpu.stat"), "utf8");
    const field = (name: string) => Number(stat.match(new RegExp(`^${name} (\\d+)`, "m"))?.[1] ?? NaN);
    return { periods: field("nr_periods"), throttled: field("nr_throttled"), throttledMs: field("throttled_time") / 1e6 };
  }

  /** Removes the group; call once its process has exited. */
  remove(): void {
    removeGroup(this.dir);
  }
}
