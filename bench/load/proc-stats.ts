// What a server process costs, read from Linux's /proc: CPU time (utime + stime), memory (VmRSS
// now, VmHWM the peak) and the CPUs it runs on. Zeroes where /proc is missing, so the bench still
// runs elsewhere.
import { readdirSync, readFileSync, readlinkSync } from "node:fs";

const TICKS_PER_SECOND = 100; // USER_HZ, 100 on every Linux the bench targets

/** A "Key:   N kB" line of /proc/PID/status. */
const statusKb = (status: string, key: string) => Number(status.match(new RegExp(`^${key}:\\s+(\\d+) kB`, "m"))?.[1] ?? 0);

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
    const kb = (key: string) => statusKb(status, key);
    return { cpuSeconds, rssKb: kb("VmRSS"), peakRssKb: kb("VmHWM") };
  } catch {
    return { cpuSeconds: 0, rssKb: 0, peakRssKb: 0 };
  }
}

/**
 * What a process's resident memory is made of: RssAnon (its heaps, stacks and JIT code, its own),
 * RssFile (pages of files mapped in, shared with every process that maps them), and of those the
 * pages of its own executable (Bun's or Node's binary: the code the process has touched). KB; zeroes
 * where /proc is missing. Reads smaps, so for the moments worth it, not a poll.
 */
export interface RssSplit {
  rssKb: number;
  anonKb: number;
  fileKb: number;
  exeKb: number;
}

export function rssSplit(pid: number | "self"): RssSplit {
  try {
    const status = readFileSync(`/proc/${pid}/status`, "utf8");
    const kb = (key: string) => statusKb(status, key);
    const exe = readlinkSync(`/proc/${pid}/exe`);
    let exeKb = 0;
    let inExe = false;
    for (const line of readFileSync(`/proc/${pid}/smaps`, "utf8").split("\n")) {
      // A mapping's header: "start-end perms offset dev inode [path]"; its Rss line follows.
      if (/^[0-9a-f]+-[0-9a-f]+ /.test(line)) inExe = line.endsWith(` ${exe}`);
      else if (inExe && line.startsWith("Rss:")) exeKb += Number(line.match(/(\d+)/)?.[1] ?? 0);
    }
    return { rssKb: kb("VmRSS"), anonKb: kb("RssAnon"), fileKb: kb("RssFile") + kb("RssShmem"), exeKb };
  } catch {
    return { rssKb: 0, anonKb: 0, fileKb: 0, exeKb: 0 };
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

/** Where a process may run and where its threads last ran: the check that pinning took. */
export interface Placement {
  /** Cpus_allowed_list, e.g. "0" or "0-1" */
  allowed: string;
  /** the CPUs its threads were last seen on */
  ran: number[];
}

export function placement(pid: number): Placement {
  try {
    const allowed = readFileSync(`/proc/${pid}/status`, "utf8").match(/^Cpus_allowed_list:\s*(\S+)/m)?.[1] ?? "?";
    const ran = new Set<number>();
    for (const tid of readdirSync(`/proc/${pid}/task`)) {
      let stat: string;
      try {
        stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, "utf8");
      } catch {
        continue; // a thread that ended since the listing
      }
      // "processor" is field 39; the fields after the command name start at field 3.
      ran.add(Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[36]));
    }
    return { allowed, ran: [...ran].sort((a, b) => a - b) };
  } catch {
    return { allowed: "?", ran: [] };
  }
}

/** Each CPU's busy seconds so far (everything but idle and I/O wait), and the part of it spent on interrupts. */
export function cpuTimes(): Array<{ busy: number; irq: number }> {
  try {
    return readFileSync("/proc/stat", "utf8")
      .split("\n")
      .filter((line) => /^cpu\d+ /.test(line))
      .map((line) => {
        const [user, nice, system, , , irq, softirq, steal] = line.split(/\s+/).slice(1).map(Number);
        return { busy: (user! + nice! + system! + irq! + softirq! + (steal ?? 0)) / TICKS_PER_SECOND, irq: (irq! + softirq!) / TICKS_PER_SECOND };
      });
  } catch {
    return [];
  }
}

/** The kernel thread that runs a CPU's deferred interrupt work (network packets under load), if found. */
export function softirqThread(cpu: number): number | undefined {
  try {
    for (const pid of readdirSync("/proc")) {
      if (!/^\d+$/.test(pid)) continue;
      try {
        if (readFileSync(`/proc/${pid}/comm`, "utf8").trim() === `ksoftirqd/${cpu}`) return Number(pid);
      } catch {
        // a process that ended since the listing
      }
    }
  } catch {
    // no /proc
  }
  return undefined;
}
