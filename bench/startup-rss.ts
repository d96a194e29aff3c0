// `bun run bench/startup-rss.ts`: what each part of the server adds to its resident memory at rest
// (docs/bench.md "Idle RSS, module by module"). Each step is a fresh process that loads what the step
// names, collects its garbage, settles 1 s, and reports VmRSS split into RssAnon (its own heaps,
// stacks, JIT code) and RssFile (mapped files), and of RssFile the pages of Bun's own binary that
// the step touched; a step's share is its figures less the one before (the started server's, for
// what loads on first use). The process of median RSS of BENCH_RSS_RUNS (3) a step. The server's
// figure here is after a collection, so below the realtime bench's "RSS 1 s after start-up", which
// takes the server as it is: the last table does that, for Stealmate and the bench's peers.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startPeer } from "./common/peer-servers";
import { socketioPackages } from "./common/socketio";
import type { Kind } from "./load/clients";
import { rssSplit, type RssSplit } from "./load/proc-stats";

const ROOT = new URL("..", import.meta.url).pathname.replace(/\/$/, "");
const RUNS = Number(process.env.BENCH_RSS_RUNS ?? 3);

const START = 'await (await import("./src/app")).startApp((await import("./src/config")).loadConfig({ PORT: "0", HOST: "127.0.0.1", DATA_DIR: DATA, JWT_SECRET: "startup-rss-secret-0123456789" }), { log: () => {} });';

/** What a started server holds, part by part: each step loads the ones before it and its own. */
const STACK: [string, string][] = [
  ["Bun itself", ""],
  ["Elysia", 'await import("elysia");'],
  ["zod", 'await import("zod");'],
  ["the rules and the lobby service", 'await import("./src/lobbies/service");'],
  ["the rest of the app's code (page routes, API, realtime)", 'await import("./src/app");'],
  ["the server started (SQLite, the routes, Bun.serve)", START],
];

/** What loads only when first used, each alone on top of a started server. */
const LATER: [string, string][] = [
  ["the pages' renderer: React's server renderer, the page components, their islands (the first page)", 'await import("./src/pages/screens");'],
  ["the checkpointer thread (the first write)", 'new Worker(new URL("./src/lobbies/checkpointer.ts", import.meta.url).href, { smol: true }).postMessage({ path: DATA + "/stealmate.sqlite", everyMs: 200 }); await Bun.sleep(500);'],
  ["the question bank (a lobby's first questions or their categories)", '(await import("./src/ai/bank")).loadBank(DATA, () => {});'],
  ["the JWT library, jose through @elysiajs/jwt (the first token signed or checked)", 'await import("@elysiajs/jwt");'],
  ["Papa Parse (the first CSV read or written)", 'await import("papaparse");'],
  ["node:zlib (an islands build at start)", 'await import("node:zlib");'],
  ["node:crypto (what Bun's CryptoHasher replaced)", 'await import("node:crypto");'],
  ["the judge's tables (the first answer judged)", 'await import("./src/ai/answer-check");'],
  ["the confusables table (the first name compared)", '(await import("./src/lobbies/name-key")).nameKey("Hana");'],
  ["unhomoglyph's own regular expression (what the table replaced)", 'await import("unhomoglyph");'],
  ["the AI SDK (a key set)", 'await import("./src/ai/anthropic-tool");'],
  ["the cluster's code (REDIS_URL set)", 'await import("./src/cluster/node");'],
];

async function rssOf(body: string): Promise<RssSplit> {
  const data = mkdtempSync(join(tmpdir(), "stealmate-rss-"));
  const script = `process.env.NODE_ENV = "production"; const DATA = ${JSON.stringify(data)};\n${body}\nBun.gc(true);\nawait Bun.sleep(1000);\nBun.gc(true);\nconst { rssSplit } = await import("./bench/load/proc-stats");\nconsole.log("RSS " + JSON.stringify(rssSplit("self"))); process.exit(0);`;
  const file = join(ROOT, `.startup-rss-${process.pid}.ts`);
  await Bun.write(file, script);
  try {
    const proc = Bun.spawn(["bun", "run", file], { cwd: ROOT, stdout: "pipe", stderr: "pipe", env: { ...process.env, ANTHROPIC_API_KEY: "" } });
    const out = await new Response(proc.stdout).text();
    await proc.exited;
    const split = out.match(/RSS (\{.*\})/)?.[1];
    if (!split) throw new Error(`step failed: ${out} ${await new Response(proc.stderr).text()}`);
    return JSON.parse(split) as RssSplit;
  } finally {
    rmSync(file, { force: true });
    rmSync(data, { recursive: true, force: true });
  }
}

/** The run of median RSS, whole, so that its parts add up. */
const medianRun = (runs: RssSplit[]) => [...runs].sort((a, b) => a.rssKb - b.rssKb)[runs.length >> 1]!;
const rss = async (body: string) => {
  const runs: RssSplit[] = [];
  for (let i = 0; i < RUNS; i++) runs.push(await rssOf(body));
  return medianRun(runs);
};
const mb = (kb: number) => (kb / 1024).toFixed(1);
const share = (kb: number) => `${kb >= 0 ? "+" : ""}${mb(kb)}`;
const FIELDS = ["rssKb", "anonKb", "fileKb", "exeKb"] as const;
/** The table's head after its first column's title; `exe` names the binary whose pages the last column counts. */
const head = (title: string, exe = "Bun's binary") => `| ${title} | RSS MB | share | RssAnon MB | share | RssFile MB | share | of it ${exe} MB | share |\n| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |`;
/** A row's figures and, when there is one to compare with, each one's share. */
const cells = (now: RssSplit, before?: RssSplit) => FIELDS.map((f) => `${mb(now[f])} | ${before ? share(now[f] - before[f]) : ""}`).join(" | ");

console.log(head("what the started server holds"));
let body = "";
let before: RssSplit | undefined;
for (const [name, adds] of STACK) {
  body += adds + "\n";
  const now = await rss(body);
  console.log(`| ${name} | ${cells(now, before)} |`);
  before = now;
}
const started = before!;
console.log(`\n${head("loaded on first use, on top of a started server")}`);
for (const [name, adds] of LATER) console.log(`| ${name} | ${cells(await rss(`${START}\n${adds}`), started)} |`);

/** The realtime bench's servers as it takes them (bench/realtime.ts): started as it starts them, 1 s after "listening", no collection. */
const peerDeps = await socketioPackages();
const KINDS: Kind[] = ["stealmate", "node-socketio", "bun-socketio", "bun-raw"];
console.log(`\n${head('1 s after "listening", as the realtime bench measures', "the executable (Bun's or Node's)")}`);
for (const kind of KINDS) {
  const runs: RssSplit[] = [];
  for (let i = 0; i < RUNS; i++) {
    const server = await startPeer(kind, peerDeps);
    try {
      await Bun.sleep(1000);
      runs.push(rssSplit(server.pid));
    } finally {
      await server.stop();
    }
  }
  console.log(`| ${kind} | ${cells(medianRun(runs))} |`);
}
