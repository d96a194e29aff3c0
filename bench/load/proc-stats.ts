// What a server process costs, read from Linux's /proc: CPU time (utime + stime) and memory
// (VmRSS now, VmHWM the peak). Zeroes where /proc is missing, so the bench still runs elsewhere.
import { readFileSync } from "node:fs";

const TICKS_PER_SECOND = 100; // USER_HZ, 100 on every Linux the bench targets

export interface ProcSample {
  /** CPU seconds used so far, user + system */
  cpuSeconds: number;
  rssKb: number;
  peakRssKb: number;
}

export function sample(pid: number): ProcSample {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    // Fields after the parenthesised command name; utime and stime are fields 14 and 15.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    const cpuSeconds = (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
    const status = readFileSync(`/proc/${pid}/status`, "utf8");
    const kb = (key: string) => Number(status.match(new RegExp(`^${key}:\\s+(\\d+) kB`, "m"))?.[1] ?? 0);
    return { cpuSeconds, rssKb: kb("VmRSS"), peakRssKb: kb("VmHWM") };
  } catch {
    return { cpuSeconds: 0, rssKb: 0, peakRssKb: 0 };
  }
}

/** The machine, as the results note it. */
export function machine(): { cpus: number; model: string; memoryGb: number; kernel: string } {
  const read = (path: string) => {
    try {
      return readFileSync(path, "utf8");
    } catch {
      return "";
    }
  };
  const cpuinfo = read("/proc/cpuinfo");
  const memKb = Number(read("/proc/meminfo").match(/^MemTotal:\s+(\d+)/m)?.[1] ?? 0);
  return {
    cpus: (cpuinfo.match(/^processor\s*:/gm) ?? []).length || navigator.hardwareConcurrency,
    model: cpuinfo.match(/^model name\s*:\s*(.+)$/m)?.[1]?.trim() ?? "unknown",
    memoryGb: Math.round((memKb / 1024 / 1024) * 10) / 10,
    kernel: read("/proc/sys/kernel/osrelease").trim(),
  };
}
