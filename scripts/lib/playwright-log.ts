// Reading Playwright's API log (`DEBUG=pw:api`, written to `DEBUG_FILE`) after a failed end-to-end
// run: which calls started and never returned. A test that hangs in a call with no timeout of its
// own (a key press, an `evaluate`, a context's `close`) runs into the runner's timeout, which only
// names the test; this names the call.

/** A line of the log: `2026-11-27T21:52:06.124Z pw:api => newPage started`. */
const CALL = /^(\S+) pw:api (=>|<=) (.+?) (started|succeeded|failed)$/;

export interface OpenCall {
  /** the log line that started it */
  line: string;
  /** its index in the log */
  index: number;
}

/**
 * The calls the log shows starting without an end, oldest first. A call's end is matched to the
 * latest unmatched start of the same name: two calls of one name running at once may be matched
 * the wrong way round, but as many stay open as never ended.
 */
export function openCalls(log: string): OpenCall[] {
  const open = new Map<string, OpenCall[]>();
  const lines = log.split("\n");
  lines.forEach((line, index) => {
    const m = CALL.exec(line);
    if (!m) return;
    const [, , arrow, name] = m as unknown as [string, string, string, string];
    const started = open.get(name) ?? [];
    if (arrow === "=>") started.push({ line, index });
    else started.pop();
    open.set(name, started);
  });
  return [...open.values()].flat().sort((a, b) => a.index - b.index);
}

/** What a failed run shows of its log: the calls that never returned, each with the lines before it. */
export function hangReport(log: string, before = 20): string {
  const calls = openCalls(log);
  if (calls.length === 0) return "every call in Playwright's API log returned";
  const lines = log.split("\n");
  return calls.map((call) => [`never returned: ${call.line}; the lines before it:`, ...lines.slice(Math.max(0, call.index - before), call.index).map((l) => `  ${l}`)].join("\n")).join("\n");
}
