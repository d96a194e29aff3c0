// The test command: typecheck, every bun test suite (one `bun test` run per directory of tests/),
// and the server on emulated ARM64 (a Raspberry Pi's, scripts/test-arm64.ts), two at a time as the
// machine has two cores, the slowest first; then the time each took, and one summary line that CI
// reads, last. Given test paths (`bun run test tests/game`), it runs those in one `bun test` and
// skips the ARM64 check. The whole run's budget is 4 minutes on two cores, not yet met (docs/decisions.md "The
// tests' own budget").
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { loadManifest } from "../src/pages/build";
import { runBunTest, runCheck, type TestRun } from "./lib/bun-test-run";

const ROOT = join(import.meta.dir, "..");
/** How many runs at once: one per core of the machine the budget is for. */
const LANES = 2;
// Tests that start servers or browsers need more than bun's 5 s default on a busy 2-core machine.
// No test waits on a 15 s round or a real grace period (the few that must see a real deadline pass
// use short ones: tests/support/short-timings.ts), so this only bounds a hang.
const TIMEOUT = ["--timeout", "30000"];
/** Directories run as several `bun test --shard` runs, as one alone would outlast everything else together. */
const SHARDS: Record<string, number> = { "tests/e2e": 2 };
/** Known to be the slowest, so they start first and the others fill the other lane around them. */
const SLOWEST_FIRST = ["tests/e2e", "tests/cluster", "tests/hostile", "tests/realtime", "tests/chaos"];

type Task = { label: string; run: () => Promise<TestRun> };

/** A command counted as one check: passed when it exits 0. */
const check = (label: string, cmd: string[]): Task => ({ label, run: () => runCheck(label, cmd) });

/** One `bun test` run of a directory (or of the test files at the top of tests/). */
const suite = (label: string, paths: string[]): Task => ({ label, run: () => runBunTest(label, [...TIMEOUT, ...paths]) });

/** tests/'s own test files as one run, then each directory that holds any. */
function suites(): Task[] {
  const entries = readdirSync(join(ROOT, "tests"), { withFileTypes: true });
  const isTest = (name: string) => /\.test\.tsx?$/.test(name);
  const top = entries.filter((e) => e.isFile() && isTest(e.name)).map((e) => `./tests/${e.name}`);
  const dirs = entries.filter((e) => e.isDirectory() && readdirSync(join(ROOT, "tests", e.name), { recursive: true }).some((f) => isTest(String(f))));
  const runs = (dir: string) => {
    const shards = SHARDS[dir] ?? 1;
    if (shards === 1) return [suite(dir, [`./${dir}/`])];
    return Array.from({ length: shards }, (_, i) => suite(`${dir} [${i + 1}/${shards}]`, [`--shard=${i + 1}/${shards}`, `./${dir}/`]));
  };
  return [...(top.length ? [suite("tests/*.test.ts", top)] : []), ...dirs.flatMap((d) => runs(`tests/${d.name}`))];
}

const rank = (label: string) => {
  const at = SLOWEST_FIRST.indexOf(label.split(" [")[0]!);
  return at === -1 ? SLOWEST_FIRST.length : at;
};

async function inLanes(tasks: Task[]): Promise<TestRun[]> {
  const queue = [...tasks].sort((a, b) => rank(a.label) - rank(b.label));
  const done: TestRun[] = [];
  const lane = async () => {
    for (let task = queue.shift(); task; task = queue.shift()) {
      const result = await task.run();
      // Each run's output whole, as it ends: two runs' lines never interleave.
      console.log(`\n== ${result.label} (${result.seconds.toFixed(1)} s)`);
      process.stdout.write(result.out);
      done.push(result);
    }
  };
  await Promise.all(Array.from({ length: LANES }, lane));
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

console.log(`\ntime per run (${LANES} at a time, ${((performance.now() - started) / 1000).toFixed(1)} s in all):`);
const width = Math.max(...runs.map((r) => r.label.length));
for (const r of [...runs].sort((a, b) => b.seconds - a.seconds)) console.log(`  ${r.label.padEnd(width)}  ${r.seconds.toFixed(1).padStart(6)} s  ${r.passed} passed, ${r.failed} failed`);

const passed = runs.reduce((sum, r) => sum + r.passed, 0);
const failed = runs.reduce((sum, r) => sum + r.failed, 0);
// CI's dependency audit could not fetch advisories (.ci/run): said on its own line, so it is never read
// as a pass, while the last line stays the plain count CI reads.
if (process.env.STEALMATE_AUDIT === "not checked") console.log("\naudit: NOT CHECKED (the advisories could not be fetched)");
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failed === 0 && passed > 1 ? 0 : 1);
