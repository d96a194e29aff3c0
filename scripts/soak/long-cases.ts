// The soak's long cases (docs/soak.md "Long cases"): tests/soak/*.soak.ts, real Chromium against the
// real app for minutes each (a phone offline for three), too slow for the test suite's budget
// (docs/decisions.md "The tests' own budget"). Their names do not end in .test.ts, so `bun test`
// alone never finds them; they are run here by path.
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { runBunTest, type TestRun } from "../lib/bun-test-run";

const DIR = join(import.meta.dir, "../../tests/soak");

/** Every long case file, as paths `bun test` runs even though they are not named *.test.ts. */
export const longCaseFiles = (): string[] =>
  readdirSync(DIR)
    .filter((name) => name.endsWith(".soak.ts"))
    .sort()
    .map((name) => `./tests/soak/${name}`);

/** Runs them, their output shown as it comes; passes only when some test ran and none failed. */
export async function runLongCases(): Promise<TestRun & { ok: boolean }> {
  const files = longCaseFiles();
  // Each case sets its own timeout; this only bounds a hook that hangs.
  const run = await runBunTest("long cases", ["--timeout", "300000", ...files], { onOutput: (text) => process.stdout.write(text) });
  return { ...run, ok: files.length > 0 && run.passed > 0 && run.failed === 0 };
}
