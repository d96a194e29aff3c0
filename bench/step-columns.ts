// How the results show a ramp's step (the capacity bench's and the cluster's alike): numbers to a
// few digits, and the chat figures of a step's report as the same columns in every steps table.
import type { StepReport } from "./load/ramp-generator";

/** `n` to `digits` decimals, or "n/a" when it is not a number. */
export const fixed = (n: number, digits = 1) => (Number.isFinite(n) ? Number(n.toFixed(digits)) : "n/a");

/** A step's lobbies and chat: delays, deliveries, losses and errors. */
export const chatColumns = (report: StepReport) => ({
  lobbies: report.lobbies,
  "p50 ms": fixed(report.latencyMs.p50, 2),
  "p99 ms": fixed(report.latencyMs.p99, 2),
  "max ms": fixed(report.latencyMs.max, 1),
  "delivered/s": fixed(report.deliveredPerSec, 0),
  lost: report.lost,
  errors: report.errors,
});
