// `bun run bench/startup-rss.ts`: what each part of the server adds to its resident memory at rest
// (docs/bench.md "Idle RSS, module by module"). Each step is a fresh process that loads what the step
// names, collects its garbage, settles 1 s, and reports VmRSS; a step's share is its RSS less the
// one before (the started server's, for what loads on first use). Median of BENCH_RSS_RUNS (3)
// processes a step. The server's figure here is after a collection, so below the realtime bench's
// "RSS 1 s after start-up", which takes the server as it is.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const ROOT = new URL("..", import.meta.url).pathname.replace(/\/$/, "");
const RUNS = Number(process.env.BENCH_RSS_RUNS ?? 3);

const START = 'await (await import("./src/app")).startApp((await import("./src/config")).loadConfig({ PORT: "0", HOST: "127.0.0.1", DATA_DIR: DATA, JWT_SECRET: "startup-rss-secret-0123456789" }), { log: () => {} });';

/** What a started server holds, part by part: each step loads the ones before it and its own. */
const STACK: [string, string][] = [
  ["Bun itself", ""],
  ["Elysia", 'await import("elysia");'],
  ["zod", 'await import("zod");'],
  ["React's server renderer", 'await import("react-dom/server");'],
  ["the rules and the lobby service", 'await import("./src/lobbies/service");'],
  ["the rest of the app's code (pages, API, realtime, the bank)", 'await import("./src/app");'],
  ["the server started (SQLite, the checkpointer thread, Bun.serve, the bank loaded)", START],
];

/** What loads only when first used, each alone on top of a started server. */
const LATER: [string, string][] = [
  ["the judge's tables (the first answer judged)", 'await import("./src/ai/answer-check");'],
  ["the confusables table (the first name compared)", '(await import("./src/lobbies/name-key")).nameKey("Hana");'],
  ["unhomoglyph's own regular expression (what the table replaced)", 'await import("unhomoglyph");'],
  ["the AI SDK (a key set)", 'await import("./src/ai/anthropic-tool");'],
  ["the cluster's code (REDIS_URL set)", 'await import("./src/cluster/node");'],
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
const rss = async (body: string) => {
  const runs: number[] = [];
  for (let i = 0; i < RUNS; i++) runs.push(await rssOf(body));
  return median(runs);
};
const mb = (kb: number) => (kb / 1024).toFixed(1);

console.log("| what the started server holds | RSS MB | share MB |\n| --- | ---: | ---: |");
let body = "";
let before = 0;
for (const [name, adds] of STACK) {
  body += adds + "\n";
  const kb = await rss(body);
  console.log(`| ${name} | ${mb(kb)} | ${before ? `+${mb(kb - before)}` : ""} |`);
  before = kb;
}
console.log("\n| loaded on first use, on top of a started server | RSS MB | share MB |\n| --- | ---: | ---: |");
for (const [name, adds] of LATER) {
  const kb = await rss(`${START}\n${adds}`);
  console.log(`| ${name} | ${mb(kb)} | +${mb(kb - before)} |`);
}
