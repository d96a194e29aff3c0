// The single-page builds the page benches compare Stealmate with (bench/peers/spa/): one entry of
// that folder bundled and minified as the islands are, served with an index.html that holds the same
// inlined CSS as Stealmate's pages, by bench/peers/spa/server.ts, which passes /api and the WebSocket
// through to the Stealmate under test.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { basename, join } from "node:path";
import { brotliCompressSync, gzipSync } from "node:zlib";
import type { Browser } from "playwright-core";
import { launchChromium } from "../../tests/support/browser";
import { cacheDir } from "./peer-deps";
import { ROOT, startServer, type Server } from "./proc";
import { startStealmate } from "./stealmate";
import { reactProduction } from "../../src/pages/react-production";

/** One minified bundle of `bench/peers/spa/<entry>` and an index.html with `css` inlined; the folder they are in. */
async function buildSpa(entry: string, css: string): Promise<string> {
  const out = join(cacheDir("spa", basename(entry).replace(/\.tsx?$/, "")), "out");
  rmSync(out, { recursive: true, force: true });
  mkdirSync(join(out, "assets"), { recursive: true });
  const built = await Bun.build({
    entrypoints: [join(ROOT, "bench/peers/spa", entry)],
    outdir: join(out, "assets"),
    target: "browser",
    format: "esm",
    minify: true,
    sourcemap: "none",
    naming: "[name]-[hash].[ext]",
    define: { "process.env.NODE_ENV": '"production"' },
    // React built as the islands are (src/pages/react-production.ts), so only the rendering differs.
    plugins: [reactProduction],
  });
  if (!built.success) throw new AggregateError(built.logs, "single-page build failed");
  for (const output of built.outputs) {
    const bytes = readFileSync(output.path);
    writeFileSync(`${output.path}.gz`, gzipSync(bytes, { level: 9 }));
    writeFileSync(`${output.path}.br`, brotliCompressSync(bytes));
  }
  const main = built.outputs.find((o) => o.kind === "entry-point")!;
  const index = readFileSync(join(ROOT, "bench/peers/spa/index.html"), "utf8")
    .replace("/*CSS*/", () => css)
    .replace("/*ENTRY*/", `/assets/${basename(main.path)}`);
  writeFileSync(join(out, "index.html"), index);
  writeFileSync(join(out, "index.html.gz"), gzipSync(index));
  return out;
}

/**
 * Builds `bench/peers/spa/<entry>` with the CSS Stealmate inlines in its pages (read from its home
 * page) and serves it in front of `stealmate`.
 */
async function startSpa(stealmate: Server, entry: string): Promise<Server> {
  const res = await fetch(`${stealmate.url}/`, { headers: { "accept-encoding": "identity" }, signal: AbortSignal.timeout(10_000) });
  const css = (await res.text()).match(/<style>([\s\S]*?)<\/style>/)?.[1];
  if (!css) throw new Error("no inlined <style> in Stealmate's page");
  return startServer("single-page peer", ["bun", join(ROOT, "bench/peers/spa/server.ts")], { SPA_DIR: await buildSpa(entry, css), UPSTREAM: stealmate.url, PORT: "0" }, 30_000);
}

/** Stealmate, the single-page build of `entry` in front of it, and Chromium, for `body`; all stopped after it. */
export async function againstSpa<T>(entry: string, body: (peers: { stealmate: Server; spa: Server; browser: Browser }) => Promise<T>): Promise<T> {
  const servers: Server[] = [];
  let browser: Browser | undefined;
  try {
    const stealmate = await startStealmate();
    servers.push(stealmate);
    const spa = await startSpa(stealmate, entry);
    servers.push(spa);
    browser = await launchChromium();
    return await body({ stealmate, spa, browser });
  } finally {
    await browser?.close().catch(() => {});
    for (const server of servers.reverse()) await server.stop();
  }
}
