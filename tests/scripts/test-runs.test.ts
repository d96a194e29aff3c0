// How `bun run test` and `bun run soak` count a `bun test` run (scripts/lib/bun-test-run.ts): by the
// runner's own counts, and a run that crashed before counting anything as a failure, so a broken
// file never reads as green. And the soak's long cases are files `bun test` alone never picks up.
import { afterAll, expect, test } from "bun:test";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { runBunTest } from "../../scripts/lib/bun-test-run";
import { longCaseFiles } from "../../scripts/soak/long-cases";

const dir = mkdtempSync(join(tmpdir(), "stealmate-test-runs-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function file(name: string, body: string): string {
  const path = join(dir, name);
  writeFileSync(path, `import { expect, test } from "bun:test";\n${body}\n`);
  return path;
}

test("a run is counted by its tests: passes and failures as the runner reports them", async () => {
  const path = file("mixed.test.ts", `test("a", () => expect(1).toBe(1));\ntest("b", () => expect(2).toBe(2));\ntest("c", () => expect(1).toBe(2));`);
  const run = await runBunTest("mixed", [path]);
  expect({ passed: run.passed, failed: run.failed, code: run.code }).toEqual({ passed: 2, failed: 1, code: 1 });
});

test("a file that throws as it loads counts as a failure, never as nothing", async () => {
  const path = file("broken.test.ts", `throw new Error("broken on load");`);
  const run = await runBunTest("broken", [path]);
  expect(run.code).not.toBe(0);
  expect(run.passed).toBe(0);
  expect(run.failed).toBeGreaterThanOrEqual(1);
});

test("the soak's long cases are named so that `bun test` alone skips them, and the three minutes offline is one", () => {
  const files = longCaseFiles();
  expect(files).toContain("./tests/soak/offline.soak.ts");
  for (const f of files) expect(f).not.toMatch(/(\.test|_test_|\.spec|_spec_)/);
});
