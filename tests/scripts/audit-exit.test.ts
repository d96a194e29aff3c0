// The flaw this guards against: with the advisory service unreachable the audit warned and exited 0, so CI
// counted a check that never happened as a pass. scripts/audit.ts runs here against a stand-in `bun`
// that answers as the registry does.
import { afterAll, expect, test } from "bun:test";
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { NOT_CHECKED } from "../../scripts/audit-verdict";

const dir = mkdtempSync(join(tmpdir(), "stealmate-audit-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Runs the audit with a `bun audit` that prints `stdout`/`stderr` and exits `code`. */
function audit(stdout: string, stderr: string, code: number) {
  const fake = join(dir, "bun");
  writeFileSync(fake, `#!/bin/sh\nprintf '%s' '${stdout}'\nprintf '%s\\n' '${stderr}' >&2\nexit ${code}\n`);
  chmodSync(fake, 0o755);
  const res = Bun.spawnSync([process.execPath, join(import.meta.dir, "../../scripts/audit.ts")], { env: { ...process.env, PATH: `${dir}:/usr/bin:/bin` } });
  return { code: res.exitCode, out: `${res.stdout.toString()}${res.stderr.toString()}` };
}

test("advisories that cannot be fetched are 'not checked', with an exit code of their own", () => {
  const res = audit("", "error: POST https://registry.npmjs.org/-/npm/v1/security/advisories/bulk - 405", 1);
  expect(res.code).toBe(NOT_CHECKED);
  expect(res.out).toContain("NOT CHECKED");
});

test("a known vulnerability still fails the run", () => {
  const res = audit(JSON.stringify({ minimist: [{ title: "Prototype Pollution", severity: "critical" }] }), "", 1);
  expect(res.code).toBe(1);
  expect(res.out).toContain("minimist");
});

test("a clean report passes", () => {
  expect(audit("{}", "", 0).code).toBe(0);
});
