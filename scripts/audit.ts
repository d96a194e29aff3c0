// CI's dependency audit: a known vulnerability (moderate or worse) in a dependency fails the run
// (exit 1). Advisories that could not be fetched are no pass: exit NOT_CHECKED, which .ci/run records
// as "not checked" in CI's last line.
import { spawnSync } from "node:child_process";
import { auditVerdict, NOT_CHECKED } from "./audit-verdict";

const res = spawnSync("bun", ["audit", "--json"], { encoding: "utf8", timeout: 120_000 });
const verdict = auditVerdict(res.status ?? 1, res.stdout ?? "", res.stderr ?? "");
if (verdict.kind === "vulnerable") {
  console.error(`audit: ${verdict.findings.length} known vulnerabilities:\n${verdict.findings.join("\n")}`);
  process.exit(1);
}
if (verdict.kind === "unknown") {
  console.error(`audit: NOT CHECKED: the advisory service could not be reached, so nothing is known about the dependencies (${verdict.reason})`);
  process.exit(NOT_CHECKED);
}
console.log("audit: no known vulnerabilities");
