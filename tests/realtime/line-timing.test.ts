// The line timing (src/realtime/line-timing.ts): off by default, and when on, a window counts the
// lines that passed every mark, in order, and nothing else.
import { expect, test } from "bun:test";
import { LineTiming, lineTiming, STAGES } from "../../src/realtime/line-timing";

const MARKS = ["validated", "reduced", "committed", "encoded", "published"] as const;

test("off unless enabled: the hooks on the chat path find nothing", () => {
  expect(lineTiming).toBeNull();
});

test("a window counts each line that passed every mark, and the stages add up to the line", () => {
  const timing = new LineTiming();
  try {
    const printed: string[] = [];
    const line = (marks: readonly (typeof MARKS)[number][]) => {
      timing.arrived();
      for (const mark of marks) timing.mark(mark);
      timing.done();
    };
    line(MARKS); // before the window: not counted
    timing.toggle((l) => printed.push(l));
    expect(printed).toEqual(["line-timing: open"]);
    for (let i = 0; i < 10; i++) line(MARKS);
    line(["validated", "reduced"]); // refused before its commit: not a whole line
    line(["reduced", "validated", "committed", "encoded", "published"]); // out of order: not counted
    timing.arrived();
    timing.done(); // a frame that is no chat line
    timing.toggle((l) => printed.push(l));
    const report = JSON.parse(printed[1]!.slice("line-timing: ".length));
    expect(report.lines).toBe(10);
    expect(Object.keys(report.stages).sort()).toEqual([...STAGES, "total"].sort());
    const sum = STAGES.reduce((s, name) => s + report.atMax[name], 0);
    expect(sum).toBeCloseTo(report.stages.total.max, 2);
    expect(report.loopLag.samples).toBeGreaterThanOrEqual(0);
  } finally {
    timing.loop.stop();
  }
});
