// `bun run bench/startup-rss.ts`: what each part of the server adds to its resident memory at rest
// (docs/bench.md "Idle RSS, module by module"). Each step is a fresh process that loads the steps
// before it and its own, collects its garbage, settles 1 s, and reports VmRSS; a step's share is its RSS less the one
// before. Median of BENCH_RSS_RUNS (3) processes a step.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const ROOT = new URL("..", import.meta.url).pathname.replace(/\/$/, "");
const RUNS = Number(process.env.BENCH_RSS_RUNS ?? 3);

/** Each step: a name and the statements it adds, run in order inside one module. */
const STEPS: [string, string][] = [
  ["Bun itself", ""],
  ["Elysia", 'await import("elysia");'],
  ["zod", 'await import("zod");'],
  ["React's server renderer", 'await import("react-dom/server");'],
  ["the confusables data (unhomoglyph)", 'await import("unhomoglyph");'],
  ["the judge's tables (answer checker)", 'await import("./src/ai/answer-check");'],
  ["the rules and the lobby service", 'await import("./src/lobbies/service");'],
  ["the question bank, loaded", '(await import("./src/ai/bank")).loadBank(DATA, () => {});'],
  ["the rest of the app's code (pages, API, realtime)", 'await import("./src/app");'],
  ["the server started (SQLite, the checkpointer thread, Bun.serve)", 'await (await import("./src/app")).startApp((await import("./src/config")).loadConfig({ PORT: "0", HOST: "127.0.0.1", DATA_DIR: DATA, JWT_SECRET: "startup-rss-secret-0123456789" }), { log: () => {} });'],
];

async function rssOf(body: string): Promise<number> {
  const data = mkdtempSync(join(tmpdir(), "stealmate-rss-"));
  const script = `process.env.NODE_ENV = "production"; const DATA = ${JSON.stringify(data)};\n${body}\nBun.gc(true);\nawait Bun.sleep(1000);\nBun.gc(true);\nconst kb = Number((await Bun.file("/proc/self/status").text()).match(/^VmRSS:\\s+(\\d+)/m)[1]);\nconsole.log("RSS " + kb); process.exit(0);`;
  const file = join(ROOT, `.startup-rss-${process.pid}.ts`);
  await Bun.write(file, script);
  try {
    const proc = Bun.spawn(["bun", "run", file], { cwd: ROOT, stdout: "pipe", stderr: "pipe", env: { ...process.env, ANTHROPIC_API_KEY: "" } });
    const out = await new Response(proc.stdout).text();
    await proc.exited;
    const kb = Number(out.match(/RSS (\d+)/)?.[1]);
    if (!Number.isFinite(kb)) throw new Error(`step failed: ${out} ${await new Response(proc.stderr).text()}`);
    return kb;
  } finally {
    rmSync(file, { force: true });
    rmSync(data, { recursive: true, force: true });
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1]!;
let body = "";
let before = 0;
console.log("| step | RSS MB | share MB |\n| --- | ---: | ---: |");
for (const [name, adds] of STEPS) {
  body += adds + "\n";
  const runs: number[] = [];
  for (let i = 0; i < RUNS; i++) runs.push(await rssOf(body));
  const kb = median(runs);
  console.log(`| ${name} | ${(kb / 1024).toFixed(1)} | ${before ? `+${((kb - before) / 1024).toFixed(1)}` : ""} |`);
  before = kb;
}
