// The soak's short form: scripts/soak.ts at a small size (the real server as a child process, six
// lobbies of eight real clients, half of them on the fallback, two games of three rounds each, churn
// and drops on). The long form and its figures are in README.md, "Soak".
import { describe, expect, test } from "bun:test";
import { formatReport, parseArgs, resolveOptions, runSoak } from "../../scripts/soak";

describe("soak", () => {
  test("options come from flags over SOAK_* variables, and stay within bounds", () => {
    const given = parseArgs(["--", "--lobbies", "60", "--games=3", "--churn", "0.2", "--quiet"], { SOAK_LOBBIES: "5", SOAK_ROUNDS: "4" });
    expect(given).toEqual({ lobbies: 60, games: 3, rounds: 4, churn: 0.2, quiet: true });
    const opts = resolveOptions({ ...given, seed: 7 });
    expect(opts).toMatchObject({ lobbies: 60, games: 3, rounds: 4, churn: 0.2, concurrency: 8, seed: 7, quiet: true });
    expect(() => resolveOptions({ rounds: 21 })).toThrow("--rounds must be between 1 and 20");
    expect(() => resolveOptions({ lobbies: 1e6 })).toThrow("--lobbies");
    expect(() => parseArgs(["--bogus", "1"], {})).toThrow("unknown option --bogus");
  });

  test("6 lobbies x 8 clients (half on the fallback) play 2 games of 3 rounds with churn and drops, and memory comes back", async () => {
    const report = await runSoak({ lobbies: 6, concurrency: 6, games: 2, rounds: 3, churn: 0.2, dropRate: 1, fallbackShare: 0.5, settle: 3, timeout: 10, maxDuration: 45, quiet: true });
    // On failure the whole summary (with the seed that replays it) is the most useful message.
    if (!report.ok) console.log(formatReport(report));
    expect(report.failures).toEqual([]);
    expect(report.games).toEqual({ planned: 12, completed: 12 });
    expect(report.rounds).toEqual({ planned: 36, completed: 36 });
    expect(report.lobbies).toEqual({ planned: 6, ended: 6, failed: 0 });
    expect(report.errors.count).toBe(0);
    expect(report.reconnects).toBeGreaterThan(0);
    expect(report.drops).toBe(6);
    expect(report.chats.delivered).toBeGreaterThan(0);
    expect(report.memory.finalMb).toBeLessThanOrEqual(report.memory.thresholdMb);
    expect(report.server).toMatchObject({ exitCode: 0, killed: false, leftoverLobbies: 0, leftoverChat: 0, logProblems: [] });
    expect(report.ok).toBe(true);
  }, 60_000);
});
