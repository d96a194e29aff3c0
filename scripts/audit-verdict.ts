// Reads `bun audit --json` and decides whether CI may go on. Advisories at or above the threshold
// fail the run. When the advisory service cannot be reached (some registries refuse its endpoint),
// nothing is known either way: the step says so loudly, lets the run go on, and CI's summary says
// "not checked" instead of counting it a pass.
/** audit.ts's exit code when advisories could not be fetched (1 is a known vulnerability). */
export const NOT_CHECKED = 3;

export type Severity = "low" | "moderate" | "high" | "critical";
const RANK: Record<Severity, number> = { low: 0, moderate: 1, high: 2, critical: 3 };

export interface Advisory {
  title?: string;
  severity?: string;
  url?: string;
  vulnerable_versions?: string;
}

export type Verdict = { kind: "clean" } | { kind: "vulnerable"; findings: string[] } | { kind: "unknown"; reason: string };

export function auditVerdict(exitCode: number, stdout: string, stderr: string, threshold: Severity = "moderate"): Verdict {
  let report: Record<string, Advisory[]> | null = null;
  try {
    report = stdout.trim() ? (JSON.parse(stdout) as Record<string, Advisory[]>) : null;
  } catch {
    report = null;
  }
  if (report && typeof report === "object") {
    const findings = Object.entries(report).flatMap(([pkg, advisories]) =>
      (Array.isArray(advisories) ? advisories : [])
        // An advisory without a known severity counts as critical: doubt never passes.
        .filter((a) => (RANK[a.severity as Severity] ?? RANK.critical) >= RANK[threshold])
        .map((a) => `${pkg} ${a.vulnerable_versions ?? ""}: ${a.severity ?? "unknown"}: ${a.title ?? ""} ${a.url ?? ""}`.trim()),
    );
    return findings.length ? { kind: "vulnerable", findings } : { kind: "clean" };
  }
  if (exitCode === 0) return { kind: "clean" };
  return { kind: "unknown", reason: stderr.trim().split("\n").at(-1) || `bun audit exited ${exitCode}` };
}
