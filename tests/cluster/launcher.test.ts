// `bun run cluster` as a person or a script runs it: one JSON line naming live processes that
// serve, and nothing of them left once it is stopped; a start that fails says why and exits 1.
import { describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { lines } from "../../scripts/lib/lines";
import { within } from "../../scripts/lib/waiting";
import type { ClusterSummary } from "../../scripts/cluster/start-cluster";

const ROOT = new URL("../..", import.meta.url).pathname;
/** Start-up may include building the island bundles. */
const START_MS = 60_000;

function launch(args: string[]) {
  const proc = Bun.spawn([process.execPath, "run", "scripts/cluster.ts", ...args], { cwd: ROOT, stdin: "ignore", stdout: "pipe", stderr: "pipe" });
  const stdout: string[] = [];
  const stderr: string[] = [];
  let firstLine: (line: string) => void = () => {};
  const first = new Promise<string>((resolve) => (firstLine = resolve));
  const stdoutDone = lines(proc.stdout, (line) => {
    stdout.push(line);
    firstLine(line);
  });
  const stderrDone = lines(proc.stderr, (line) => stderr.push(line));
  return { proc, stdout, stderr, first, ended: Promise.all([proc.exited, stdoutDone, stderrDone]).then(([code]) => code) };
}

/** Whether a socket listens on 0.0.0.0:`port` (the kernel's table: local address 00000000:PORT in state 0A, LISTEN). */
const listensOnEveryInterface = (port: number) =>
  readFileSync("/proc/net/tcp", "utf8")
    .split("\n")
    .some((line) => {
      const [, local, , state] = line.trim().split(/\s+/);
      return local === `00000000:${port.toString(16).toUpperCase().padStart(4, "0")}` && state === "0A";
    });

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe("bun run cluster", () => {
  test("prints one JSON line of live processes that serve, and SIGTERM stops every one of them", async () => {
    const run = launch(["--nodes", "3"]);
    let summary: ClusterSummary | undefined;
    try {
      summary = JSON.parse(await within(run.first, "the JSON line", START_MS)) as ClusterSummary;
      expect(summary.nodes.map((n) => n.id)).toEqual(["n1", "n2", "n3"]);
      const pids = [summary.redis.pid, summary.haproxy.pid, ...summary.nodes.map((n) => n.pid)];
      expect(pids.filter(alive)).toEqual(pids);
      for (const node of summary.nodes) expect((await fetch(`http://127.0.0.1:${node.port}/healthz`)).status).toBe(200);
      // Through HAProxy, a real page and a real API answer.
      expect((await fetch(`${summary.url}/`)).status).toBe(200);
      expect((await fetch(`${summary.url}/api/lobby/ABCD`)).status).toBe(404);
      // The join address the pages show (the machine's network address for a loopback Host) is
      // HAProxy's port, which HAProxy listens on for every interface: a phone on the network
      // reaches it. (Only loopback is ever connected to here.)
      const port = Number(new URL(summary.url).port);
      const created = (await (await fetch(`${summary.url}/api/lobby/create`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ playerName: "Ana" }) })).json()) as { lobby: { code: string } };
      const page = await (await fetch(`${summary.url}/lobby/${created.lobby.code}`)).text();
      const shown = new URL(page.match(/class="link-text">([^<]+)</)![1]!);
      expect(shown.searchParams.get("join")).toBe(created.lobby.code);
      expect(Number(shown.port)).toBe(port);
      expect(listensOnEveryInterface(port)).toBe(true);

      run.proc.kill("SIGTERM");
      expect(await within(run.ended, "the launcher to exit", 20_000)).toBe(0);
      expect(pids.filter(alive)).toEqual([]);
      expect(run.stdout).toHaveLength(1);
      // The nodes were stopped before Redis, which saved its append-only file on the way out.
      const order = (name: string) => run.stderr.findIndex((line) => line.startsWith(`${name}: `) && /exited|killed/.test(line));
      expect(order("n1")).toBeLessThan(order("haproxy"));
      expect(order("haproxy")).toBeLessThan(order("redis"));
    } finally {
      run.proc.kill("SIGKILL");
      if (summary) for (const pid of [summary.redis.pid, summary.haproxy.pid, ...summary.nodes.map((n) => n.pid)]) if (alive(pid)) process.kill(pid, "SIGKILL");
    }
  });

  test("a process that cannot start stops the others and exits 1 with a line saying which", async () => {
    // HAProxy cannot listen on a port already taken.
    const taken = Bun.listen({ hostname: "127.0.0.1", port: 0, socket: { data() {} } });
    try {
      const run = launch(["--nodes", "1", "--port", String(taken.port)]);
      expect(await within(run.ended, "the launcher to exit", START_MS)).toBe(1);
      expect(run.stdout).toEqual([]);
      expect(run.stderr.some((line) => line.startsWith("cluster: did not start: haproxy exited with code"))).toBe(true);
      // Every process it started said it ended before the launcher did.
      expect(run.stderr.some((line) => /^n1: (exited|was killed)/.test(line))).toBe(true);
      expect(run.stderr.some((line) => /^redis: (exited|was killed)/.test(line))).toBe(true);
    } finally {
      taken.stop(true);
    }
  });
});
