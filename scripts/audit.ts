// CI's dependency audit: a known vulnerability (moderate or worse) in a dependency fails the run.
import { spawnSync } from "node:child_process";
import { auditVerdict } from "./audit-verdict";

const res = spawnSync("bun", ["audit", "--json"], { encoding: "utf8", timeout: 120_000 });
const verdict = auditVerdict(res.status ?? 1, res.stdout ?? "", res.stderr ?? "");
if (verdict.kind === "vulnerable") {
  console.error(`audit: ${verdict.findings.length} known vulnerabilities:\n${verdict.findings.join("\n")}`);
  process.exit(1);
}
if (verdict.kind === "unknown") console.warn(`audit: WARNING advisory service unreachable, dependencies NOT checked (${verdict.reason})`);
else console.log("audit: no known vulnerabilities");
