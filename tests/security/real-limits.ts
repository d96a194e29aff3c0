// The per-address budgets as a server runs them by default: the test server lifts them
// (scripts/lib/lifted-limits.ts), since all its clients are 127.0.0.1; tests of the limits put them back.
import { LIFTED_LIMITS } from "../../scripts/lib/lifted-limits";
import { loadConfig } from "../../src/config";

const defaults = loadConfig({}) as unknown as Record<string, unknown>;

/** Every lifted limit at its default value, as environment variables. */
export const REAL_LIMITS: Record<string, string> = Object.fromEntries(Object.keys(LIFTED_LIMITS).map((key) => [key, String(defaults[key])]));
