// SSR throughput: requests per second of GET /lobby/:code for a populated lobby, Stealmate (Bun,
// Elysia) against Express 4 on Node rendering the same React components from the same lobby data.
// Also a game page during a round, which Stealmate renders for every request (its countdown reads
// the clock), to show the render path itself. Requests ask for gzip, as browsers do (Stealmate
// gzips pages itself, Express through the compression middleware), and for identity. The load
// comes from bench/load/http-load.ts in its own process; runs alternate A B A B; medians compared.
import { readFileSync, writeFileSync } from "node:fs";
import { loadavg } from "node:os";
import { join } from "node:path";
import type { PeerData } from "./peers/express-ssr";
import type { Manifest } from "../src/pages/build";
import { lobbyView, populateLobby } from "./common/lobby";
import { cacheDir, peerPackages } from "./common/peer-deps";
import { median, ROOT, round, runTool, startServer, type Server } from "./common/proc";
import { startStealmate } from "./common/stealmate";
import { sample } from "./load/proc-stats";
import type { BenchSection } from "./section";

const CONCURRENCY = Number(process.env.BENCH_SSR_CONCURRENCY ?? 32);
const DURATION_MS = Number(process.env.BENCH_SSR_DURATION_MS ?? 4_000);
const WARMUP_MS = 1_000;
const ROUNDS = Number(process.env.BENCH_SSR_ROUNDS ?? 3);

interface LoadResult {
  rps: number;
  totalRequests: number;
  /** the server's CPU time (user + system) per response, over the whole run */
  cpuMsPerRequest: number;
  requests: number;
  errors: number;
  firstError: string;
  p50Ms: number;
  p99Ms: number;
  meanBytes: number;
}

async function load(server: Server, url: string, acceptEncoding: string, durationMs = DURATION_MS): Promise<LoadResult> {
  const before = sample(server.proc.pid).cpuSeconds;
  const out = await runTool(
    "http-load",
    ["bun", join(ROOT, "bench/load/http-load.ts"), "--url", url, "--concurrency", String(CONCURRENCY), "--duration", String(durationMs), "--warmup", String(WARMUP_MS), "--header", `accept-encoding: ${acceptEncoding}`],
    { timeoutMs: durationMs + WARMUP_MS + 40_000 },
  );
  const result = JSON.parse(out.trim().split("\n").at(-1)!) as LoadResult;
  if (result.requests === 0) throw new Error(`no request to ${url} succeeded: ${result.firstError}`);
  result.cpuMsPerRequest = ((sample(server.proc.pid).cpuSeconds - before) * 1000) / result.totalRequests;
  return result;
}

/** Stealmate's CSS exactly as src/pages/render.tsx inlines it, read back from a rendered page. */
function inlinedCss(html: string): string {
  const m = html.match(/<style>([\s\S]*?)<\/style>/);
  if (!m) throw new Error("no inlined <style> in Stealmate's page");
  return m[1]!;
}

/** The page without its render time and countdown, which differ per request by design. */
const comparable = (html: string) => html.replace(/"now":\d+/, '"now":0').replace(/Time left: (<!-- -->)?\d+/g, "Time left: 0");

async function startExpressPeer(data: PeerData): Promise<Server> {
  const deps = await peerPackages("express-ssr", ["express@4", "compression@1"]);
  const out = cacheDir("express-ssr", "out");
  const built = await Bun.build({
    entrypoints: [join(ROOT, "bench/peers/express-ssr.tsx")],
    outdir: out,
    target: "node",
    format: "esm",
    naming: "express-ssr.mjs",
    // A production Express deployment: React's production build, as NODE_ENV=production selects.
    define: { "process.env.NODE_ENV": '"production"' },
  });
  if (!built.success) throw new AggregateError(built.logs, "express peer build failed");
  const dataFile = join(out, "lobbies.json");
  writeFileSync(dataFile, JSON.stringify(data));
  return startServer("express peer", ["node", join(out, "express-ssr.mjs")], { PEER_DEPS: deps, PEER_DATA: dataFile, PORT: "0", NODE_ENV: "production" }, 30_000);
}

const identityHtml = async (url: string) => (await fetch(url, { headers: { "accept-encoding": "identity" } })).text();

interface Scenario {
  label: string;
  path: string;
  encoding: string;
  /** whether the SSR ratio's 2x target (README, "Benchmark") applies */
  target: boolean;
  rounds: number;
}

export async function runSsrBench(): Promise<BenchSection> {
  const started = performance.now();
  const servers: Server[] = [];
  try {
    const stealmate = await startStealmate();
    servers.push(stealmate);
    // The page the target names: a populated lobby. And, to show the render path itself, a game page during a
    // round, whose countdown makes Stealmate render it for every request as Express does.
    const lobby = await populateLobby(stealmate.url, { players: 16, game: "none", chat: true });
    const game = await populateLobby(stealmate.url, { players: 16, game: "started", chat: true });
    await Bun.sleep(300); // the chat sockets' disconnects settle before the snapshots
    const manifest = JSON.parse(readFileSync(join(ROOT, "public/build/manifest.json"), "utf8")) as Manifest;
    const lobbyPath = `/lobby/${lobby.code}`;
    const gamePath = `/game/${game.code}`;
    const ownLobbyHtml = await identityHtml(stealmate.url + lobbyPath);
    // The round starts last: its 120 s are enough for the game-page runs, which come first below.
    await fetch(`${stealmate.url}/api/lobby/startRound`, { method: "POST", headers: { "content-type": "application/json", authorization: `Bearer ${game.host.token}` }, body: JSON.stringify({ code: game.code }) });
    const lobbies = { [lobby.code]: await lobbyView(stealmate.url, lobby.code), [game.code]: await lobbyView(stealmate.url, game.code) };
    if (lobbies[game.code]!.gameState?.phase !== "question") throw new Error("the game lobby's round did not start");

    const express = await startExpressPeer({ origin: stealmate.url, lobbies, css: inlinedCss(ownLobbyHtml), assets: { lobby: manifest.lobby, game: manifest.game } });
    servers.push(express);
    const same: string[] = [];
    for (const path of [lobbyPath, gamePath]) {
      const [own, peer] = [await identityHtml(stealmate.url + path), await identityHtml(express.url + path)];
      if (comparable(own) !== comparable(peer)) console.warn(`ssr bench: the Express peer's ${path} differs from Stealmate's (${peer.length} vs ${own.length} bytes)`);
      same.push(`${path.split("/")[1]} ${own.length} B${comparable(own) === comparable(peer) ? "" : " (Express page DIFFERS)"}`);
    }

    const peers = [
      { name: "Stealmate (Bun, Elysia)", server: stealmate },
      { name: "Express 4 (Node)", server: express },
    ];
    // A short run each first, so both JITs are warm before anything is measured.
    for (const peer of peers) for (const path of [gamePath, lobbyPath]) await load(peer.server, peer.server.url + path, "gzip", 1_000);

    const scenarios: Scenario[] = [
      { label: "game page in a round (rendered per request)", path: gamePath, encoding: "gzip", target: false, rounds: 2 },
      { label: "lobby page", path: lobbyPath, encoding: "gzip", target: true, rounds: ROUNDS },
      { label: "lobby page", path: lobbyPath, encoding: "identity", target: true, rounds: ROUNDS },
    ];
    const rows: BenchSection["rows"] = [];
    const ratios: BenchSection["ratios"] = [];
    for (const scenario of scenarios) {
      const results = peers.map(() => [] as LoadResult[]);
      for (let r = 0; r < scenario.rounds; r++) {
        for (let i = 0; i < peers.length; i++) results[i]!.push(await load(peers[i]!.server, peers[i]!.server.url + scenario.path, scenario.encoding));
      }
      const rps = results.map((runs) => median(runs.map((x) => x.rps)));
      peers.forEach((peer, i) => {
        const runs = results[i]!;
        rows.push({
          page: `${scenario.path.split("/")[1]}/:code`,
          server: peer.name,
          "accept-encoding": scenario.encoding,
          "req/s (median)": Math.round(rps[i]!),
          "req/s (runs)": runs.map((x) => Math.round(x.rps)).join(" / "),
          "p50 ms": round(median(runs.map((x) => x.p50Ms)), 1),
          "p99 ms": round(median(runs.map((x) => x.p99Ms)), 1),
          "server CPU ms/req": round(median(runs.map((x) => x.cpuMsPerRequest)), 3),
          "bytes/response": Math.round(median(runs.map((x) => x.meanBytes))),
          errors: runs.reduce((n, x) => n + x.errors, 0),
        });
      });
      const value = rps[0]! / rps[1]!;
      const name = `SSR req/s Stealmate / Express, ${scenario.label}, ${scenario.encoding}`;
      if (scenario.target) ratios.push({ name, value: round(value), target: ">= 2", met: value >= 2 });
      else rows.push({ page: `${scenario.path.split("/")[1]}/:code`, server: "ratio Stealmate / Express (render path, no target)", "accept-encoding": scenario.encoding, "req/s (median)": round(value), "req/s (runs)": "", "p50 ms": "", "p99 ms": "", "server CPU ms/req": "", "bytes/response": "", errors: "" });
    }
    rows.push({
      page: "setup",
      server: `16 players, ${CONCURRENCY} connections, ${DURATION_MS / 1000} s runs alternating A B A B, medians`,
      "accept-encoding": "",
      "req/s (median)": "",
      "req/s (runs)": `identity HTML: ${same.join(", ")}`,
      "p50 ms": "",
      "p99 ms": "",
      "server CPU ms/req": "",
      "bytes/response": "",
      errors: `${round((performance.now() - started) / 1000, 1)} s; load average ${loadavg().map((n) => n.toFixed(1)).join(" ")}`,
    });
    return { title: "SSR: requests per second, populated lobby", rows, ratios };
  } finally {
    for (const server of servers.reverse()) await server.stop();
  }
}

if (import.meta.main) {
  const section = await runSsrBench();
  console.table(section.rows);
  console.table(section.ratios);
}
