// What a failed end-to-end run shows of Playwright's API log (scripts/lib/playwright-log.ts): the
// calls that started and never returned, with what came just before each.
import { expect, test } from "bun:test";
import { hangReport, openCalls } from "../../scripts/lib/playwright-log";

const log = [
  "2026-11-27T21:52:06.124Z pw:api => newPage started",
  "2026-11-27T21:52:06.281Z pw:api <= newPage succeeded",
  "2026-11-27T21:52:06.282Z pw:api => goto started",
  '2026-11-27T21:52:06.283Z pw:api navigating to "http://127.0.0.1/", waiting until "load"',
  "2026-11-27T21:52:06.371Z pw:api <= goto succeeded",
  "2026-11-27T21:52:07.000Z pw:api => keyboard.press started",
  "2026-11-27T21:52:07.001Z pw:api => waitForFunction started",
  "2026-11-27T21:52:07.002Z pw:api => waitForFunction started",
  "2026-11-27T21:52:07.500Z pw:api <= waitForFunction succeeded",
  "2026-11-27T21:52:08.000Z pw:api => evaluate started",
  "2026-11-27T21:52:08.001Z pw:api <= evaluate failed",
].join("\n");

test("the calls that started and never returned, oldest first; an end closes one start of its name", () => {
  expect(openCalls(log).map((c) => c.line)).toEqual(["2026-11-27T21:52:07.000Z pw:api => keyboard.press started", "2026-11-27T21:52:07.001Z pw:api => waitForFunction started"]);
});

test("a log whose every call returned says so", () => {
  expect(openCalls(log.split("\n").slice(0, 5).join("\n"))).toEqual([]);
  expect(hangReport(log.split("\n").slice(0, 5).join("\n"))).toBe("every call in Playwright's API log returned");
});

test("the report names each open call and shows the lines before it", () => {
  const report = hangReport(log, 2);
  expect(report).toContain("never returned: 2026-11-27T21:52:07.000Z pw:api => keyboard.press started; the lines before it:\n  2026-11-27T21:52:06.283Z pw:api navigating to");
  expect(report).toContain("  2026-11-27T21:52:06.371Z pw:api <= goto succeeded\nnever returned: 2026-11-27T21:52:07.001Z pw:api => waitForFunction started");
});
