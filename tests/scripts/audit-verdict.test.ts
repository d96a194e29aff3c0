import { describe, expect, test } from "bun:test";
import { auditVerdict } from "../../scripts/audit-verdict";

// The shape npm's bulk advisory endpoint answers, which `bun audit --json` prints.
const report = {
  minimist: [{ id: 1179, title: "Prototype Pollution in minimist", severity: "critical", vulnerable_versions: "<0.2.4", url: "https://github.com/advisories/GHSA-xvch-5gv4-984h" }],
  "left-pad": [{ id: 2, title: "Minor thing", severity: "low", vulnerable_versions: "<1.0.0", url: "u" }],
};

describe("audit verdict", () => {
  test("an advisory at or above moderate fails the run and names the package", () => {
    const v = auditVerdict(1, JSON.stringify(report), "");
    expect(v.kind).toBe("vulnerable");
    if (v.kind !== "vulnerable") return;
    expect(v.findings).toHaveLength(1);
    expect(v.findings[0]).toContain("minimist");
    expect(v.findings[0]).toContain("critical");
  });

  test("low advisories alone pass; a stricter threshold catches them", () => {
    const low = JSON.stringify({ "left-pad": report["left-pad"] });
    expect(auditVerdict(1, low, "").kind).toBe("clean");
    expect(auditVerdict(1, low, "", "low").kind).toBe("vulnerable");
  });

  test("an advisory with no severity counts as critical", () => {
    expect(auditVerdict(1, JSON.stringify({ x: [{ title: "?" }] }), "").kind).toBe("vulnerable");
  });

  test("an empty report is clean", () => {
    expect(auditVerdict(0, "{}", "").kind).toBe("clean");
  });

  test("an unreachable advisory service is unknown, never clean", () => {
    const v = auditVerdict(1, "", "error: POST https://registry.example/-/npm/v1/security/advisories/bulk - 405\n");
    expect(v).toEqual({ kind: "unknown", reason: "error: POST https://registry.example/-/npm/v1/security/advisories/bulk - 405" });
  });
});
