// The test command: typecheck, every bun test suite (one `bun test` run per directory of tests/,
// the end-to-end files in two runs of about equal CPU), and the server on emulated ARM64 (a
// Raspberry Pi's, scripts/test-arm64.ts); two lanes for the runs that keep a core busy, as the
// machine has two cores, and a third for the runs that mostly wait (the cluster, realtime and chaos
// suites), the longest first; then the time each took, and one summary line that CI reads, last.
// Given test paths (`bun run test tests/game`), it runs those in one `bun test` and skips the ARM64
// check. The whole run's budget is 4 minutes on two cores: 199 to 203 s measured here at load under 6
// (370 s before the popups went off and the waiting lane came), with Chromium's CPU what fills the
// cores (docs/decisions.md "The tests' own budget").
import { existsSync, mkdirSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { loadManifest } from "../src/pages/build";
import { runBunTest, runCheck, type TestRun } from "./lib/bun-test-run";
import { hangReport } from "./lib/playwright-log";

const ROOT = join(import.meta.dir, "..");
/** Lanes for runs that keep a core busy (Chromium above all): one per core of the machine the budget is for. */
const CPU_LANES = 2;
/**
 * Runs that mostly wait (on timers, child servers, HAProxy's checks, sockets): each used a fifth of
 * a core or less (CPU 13 s in 79 s, 10 in 37, 8 in 37). They have a lane of their own beside the two,
 * as they leave the cores to the others; a lane that runs out of its kind takes the other kind.
 */
const WAITING = ["tests/cluster", "tests/realtime", "tests/chaos"];
// Tests that start servers or browsers need more than bun's 5 s default on a busy 2-core machine.
// The few that must see a real deadline pass use short ones (tests/support/short-timings.ts), so
// this only bounds a hang.
const TIMEOUT = ["--timeout", "30000"];
/**
 * Seconds of CPU each end-to-end file used alone, Chromium's included (2026-11-27, before its
 * address bar's popups were turned off, which took about a fifth off each): the directory is split
 * into E2E_RUNS runs of about equal CPU, where `--shard` split it by count. A file not listed counts
 * as DEFAULT_E2E_SECONDS. `a11y-modes` was measured after (14 s), and is listed at what it would have been.
 */
const E2E_CPU_SECONDS: Record<string, number> = {
  "a11y": 31, "forgiving-lobby": 29, "explains": 27, "refusals": 26, "resilience": 26, "tournament": 25, "first-minute": 23, "duels": 23, "game": 23, "forgiving-game": 23,
  "host-room": 21, "a11y-modes": 18, "home-network": 15, "lock": 15, "party-screen": 15, "redirects": 14, "own-questions": 12, "moments": 10, "server-restart": 7, "cluster-failover": 6, "cluster-moving": 5, "browser": 3,
};
const DEFAULT_E2E_SECONDS = 20;
/** The end-to-end files in this many `bun test` runs (each with its one Chromium), one per CPU lane. */
const E2E_RUNS = CPU_LANES;
/** Expected seconds of a run, for the order: the longest first, so no long one starts last. Not listed: 10. */
const EXPECTED_SECONDS: Record<string, number> = { "tests/e2e": 200, "tests/cluster": 80, "tests/hostile": 50, "tests/realtime": 37, "tests/chaos": 37 };

type Task = { label: string; waits: boolean; expected: number; run: () => Promise<TestRun> };

/** A command counted as one check: passed when it exits 0. */
const check = (label: string, cmd: string[], expected = 10): Task => ({ label, waits: false, expected, run: () => runCheck(label, cmd) });

/** One `bun test` run of a directory (or of some test files), with `env` added to this process's. */
const suite = (label: string, paths: string[], expected = EXPECTED_SECONDS[label.split(" [")[0]!] ?? 10, env?: Record<string, string>): Task => ({
  label,
  waits: WAITING.includes(label),
  expected,
  run: () => runBunTest(label, [...TIMEOUT, ...paths], { env }),
});

/**
 * An end-to-end run keeps Playwright's API log (each call's start and end, with the time) in a file,
 * and a failed run shows the calls in it that never returned: a test that hangs in a call without a
 * timeout of its own then says which call it was (scripts/lib/playwright-log.ts).
 */
const e2eSuite = (label: string, paths: string[], expected: number): Task => {
  const log = join(ROOT, "test-artifacts", `playwright-api-${label.replace(/\W+/g, "-")}.log`);
  const base = suite(label, paths, expected, { DEBUG: "pw:api", DEBUG_FILE: log });
  return {
    ...base,
    run: async () => {
      mkdirSync(dirname(log), { recursive: true });
      const result = await base.run();
      if (result.failed === 0 || !existsSync(log)) return result;
      return { ...result, out: `${result.out}\n-- Playwright's API log (${log}):\n${hangReport(readFileSync(log, "utf8"))}\n` };
    },
  };
};

/** The end-to-end files in `runs` lists of about equal CPU: each file, the costliest first, to the lightest list so far. */
function splitByCpu(files: string[], runs: number): string[][] {
  const cost = (file: string) => E2E_CPU_SECONDS[file.split("/").pop()!.replace(/\.e2e\.test\.tsx?$/, "")] ?? DEFAULT_E2E_SECONDS;
  const lists = Array.from({ length: runs }, () => ({ files: [] as string[], cpu: 0 }));
  for (const file of [...files].sort((a, b) => cost(b) - cost(a) || a.localeCompare(b))) {
    const lightest = lists.reduce((min, list) => (list.cpu < min.cpu ? list : min));
    lightest.files.push(file);
    lightest.cpu += cost(file);
  }
  return lists.map((list) => list.files.sort());
}

/** tests/'s own test files as one run, then each directory that holds any (tests/e2e in E2E_RUNS runs). */
function suites(): Task[] {
  const entries = readdirSync(join(ROOT, "tests"), { withFileTypes: true });
  const isTest = (name: string) => /\.test\.tsx?$/.test(name);
  const top = entries.filter((e) => e.isFile() && isTest(e.name)).map((e) => `./tests/${e.name}`);
  const dirs = entries.filter((e) => e.isDirectory() && readdirSync(join(ROOT, "tests", e.name), { recursive: true }).some((f) => isTest(String(f))));
  const runs = (dir: string) => {
    if (dir !== "tests/e2e") return [suite(dir, [`./${dir}/`])];
    const files = readdirSync(join(ROOT, dir)).filter(isTest).map((f) => `./${dir}/${f}`);
    return splitByCpu(files, E2E_RUNS).map((list, i) => e2eSuite(`${dir} [${i + 1}/${E2E_RUNS}]`, list, EXPECTED_SECONDS[dir]! - i));
  };
  return [...(top.length ? [suite("tests/*.test.ts", top)] : []), ...dirs.flatMap((d) => runs(`tests/${d.name}`))];
}

/** CPU_LANES lanes take the busy runs first, one more the waiting ones; each, the longest expected first. */
async function inLanes(tasks: Task[]): Promise<TestRun[]> {
  const longestFirst = (list: Task[]) => list.sort((a, b) => b.expected - a.expected);
  const busy = longestFirst(tasks.filter((t) => !t.waits));
  const waiting = longestFirst(tasks.filter((t) => t.waits));
  const done: TestRun[] = [];
  const lane = async (first: Task[], then: Task[]) => {
    for (let task = first.shift() ?? then.shift(); task; task = first.shift() ?? then.shift()) {
      const result = await task.run();
      // Each run's output whole, as it ends: two runs' lines never interleave.
      console.log(`\n== ${result.label} (${result.seconds.toFixed(1)} s)`);
      process.stdout.write(result.out);
      done.push(result);
    }
  };
  await Promise.all([...Array.from({ length: CPU_LANES }, () => lane(busy, waiting)), lane(waiting, busy)]);
  return done;
}

const started = performance.now();
const paths = process.argv.slice(2);
// Built once here, when stale, so that no two runs build the island bundles under one another. A
// build that fails is one failure (the runs that serve the pages then fail too).
const build = await loadManifest().then(
  () => null,
  (err: unknown): TestRun => ({ label: "island build", out: `${err instanceof Error ? err.message : String(err)}\n`, code: 1, passed: 0, failed: 1, seconds: 0 }),
);
const tasks = [check("typecheck", ["bunx", "tsc", "--noEmit", "-p", "."]), ...(paths.length ? [suite("bun test", paths)] : [...suites(), check("arm64", [process.execPath, "run", "scripts/test-arm64.ts"])])];
const runs = [...(build ? [build] : []), ...(await inLanes(tasks))];
if (build) console.log(`\n== island build FAILED\n${build.out}`);

console.log(`\ntime per run (${CPU_LANES} lanes and one for the waiting runs, ${((performance.now() - started) / 1000).toFixed(1)} s in all):`);
const width = Math.max(...runs.map((r) => r.label.length));
for (const r of [...runs].sort((a, b) => b.seconds - a.seconds)) console.log(`  ${r.label.padEnd(width)}  ${r.seconds.toFixed(1).padStart(6)} s  ${r.passed} passed, ${r.failed} failed`);

const passed = runs.reduce((sum, r) => sum + r.passed, 0);
const failed = runs.reduce((sum, r) => sum + r.failed, 0);
// CI's dependency audit could not fetch advisories (.ci/run): said on its own line, so it is never read
// as a pass, while the last line stays the plain count CI reads.
if (process.env.STEALMATE_AUDIT === "not checked") console.log("\naudit: NOT CHECKED (the advisories could not be fetched)");
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failed === 0 && passed > 1 ? 0 : 1);
