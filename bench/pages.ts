// Pages: what each route costs a phone to download (HTML and JavaScript, gzip and brotli), and how
// soon the game page paints and answers a tap in Chromium on a slow phone (4x CPU slowdown, Slow 4G),
// Stealmate's server-rendered islands against a single-page build of the same components that renders
// in the browser after its JavaScript has run and the lobby has been fetched (bench/peers/spa/).
import { loadavg } from "node:os";
import { brotliCompressSync, gzipSync } from "node:zlib";
import type { Browser } from "playwright-core";
import { populateLobby, type Populated } from "./common/lobby";
import { describeThrottle, PHONE, throttle, type Throttle } from "./common/phone";
import { median, round } from "./common/proc";
import { againstSpa } from "./common/spa";
import type { BenchSection } from "./section";

/** A 4x CPU slowdown, and Lighthouse's mobile "Slow 4G" numbers. */
const SLOW_PHONE: Throttle = { cpu: 4, network: { name: "Slow 4G", latencyMs: 150, downloadBitsPerSecond: 1_600_000, uploadBitsPerSecond: 750_000 } };
const SAMPLES = Number(process.env.BENCH_PAGES_SAMPLES ?? 7);

const gz = (bytes: Uint8Array) => gzipSync(bytes, { level: 9 }).length;
const br = (bytes: Uint8Array) => brotliCompressSync(bytes).length;

async function get(url: string): Promise<Uint8Array> {
  const res = await fetch(url, { headers: { "accept-encoding": "identity" }, signal: AbortSignal.timeout(10_000) });
  if (!res.ok) throw new Error(`GET ${url} answered ${res.status}`);
  return new Uint8Array(await res.arrayBuffer());
}

/** The page's module script and every module it imports statically, followed transitively. */
async function pageScripts(base: string, html: string): Promise<Uint8Array[]> {
  const entry = html.match(/<script type="module"[^>]*src="([^"]+)"/)?.[1];
  if (!entry) return [];
  const seen = new Map<string, Uint8Array>();
  const visit = async (path: string) => {
    if (seen.has(path)) return;
    const bytes = await get(base + path);
    seen.set(path, bytes);
    const dir = path.slice(0, path.lastIndexOf("/") + 1);
    for (const m of new TextDecoder().decode(bytes).matchAll(/(?:from|import)\s*"\.\/([\w.-]+\.js)"/g)) await visit(dir + m[1]);
  };
  await visit(entry);
  return [...seen.values()];
}

/** The route's row of the table, and its JavaScript's gzip size in KB. */
async function routeBytes(app: string, base: string, route: string): Promise<{ row: Record<string, string | number>; jsGzipKb: number }> {
  const html = await get(base + route);
  const scripts = await pageScripts(base, new TextDecoder().decode(html));
  const sum = (f: (b: Uint8Array) => number) => scripts.reduce((n, s) => n + f(s), 0);
  const kb = (n: number) => (n / 1024).toFixed(1);
  const row = {
    route: route.replace(/\/[A-Z0-9]{4}$/, "/:code"),
    app,
    "HTML KB raw / gzip / br": `${kb(html.length)} / ${kb(gz(html))} / ${kb(br(html))}`,
    "JS KB raw / gzip / br (files)": `${kb(sum((s) => s.length))} / ${kb(sum(gz))} / ${kb(sum(br))} (${scripts.length})`,
    "total KB gzip / br": `${kb(gz(html) + sum(gz))} / ${kb(br(html) + sum(br))}`,
  };
  return { row, jsGzipKb: sum(gz) / 1024 };
}

interface Sample {
  fcp: number;
  responded: number;
  errors: number;
}

declare global {
  interface Window {
    __bench?: { responded: number | null; clicks: number };
  }
}

/**
 * One cold load of a game page as a seated player: fresh context (empty cache), throttled CPU and
 * network. From navigation start, the chat's "Team" toggle is clicked every 25 ms until it shows
 * as pressed; that moment (seen by a MutationObserver) is when the page responds to input.
 */
async function measure(browser: Browser, url: string, seat: { token: string; code: string }, slow: boolean): Promise<Sample> {
  // The player's token is already stored, as for anyone who joined (set up by Playwright before the
  // page exists, so the measured load does not pay for it).
  const storageState = { cookies: [], origins: [{ origin: new URL(url).origin, localStorage: [{ name: "gameToken", value: seat.token }, { name: "lobbyCode", value: seat.code }] }] };
  const context = await browser.newContext({ ...PHONE, storageState });
  try {
    await context.addInitScript(() => {
      const bench = (window.__bench = { responded: null as number | null, clicks: 0 });
      const team = () => [...document.querySelectorAll<HTMLButtonElement>('[aria-label="Chat audience"] button')].find((b) => b.textContent?.trim() === "Team");
      new MutationObserver(() => {
        if (bench.responded === null && team()?.getAttribute("aria-pressed") === "true") bench.responded = performance.now();
      }).observe(document, { subtree: true, attributes: true, attributeFilter: ["aria-pressed"] });
      const poke = () => {
        if (bench.responded !== null) return;
        const button = team();
        if (button) {
          bench.clicks++;
          button.click();
        }
        setTimeout(poke, 25);
      };
      poke();
    });
    const page = await context.newPage();
    let errors = 0;
    page.on("pageerror", () => errors++);
    if (slow) await throttle(context, page, SLOW_PHONE);
    await page.goto(url, { waitUntil: "commit", timeout: 30_000 });
    await page.waitForFunction(() => window.__bench?.responded != null && performance.getEntriesByName("first-contentful-paint").length > 0, undefined, { timeout: 45_000, polling: 200 });
    const { fcp, responded, token } = await page.evaluate(() => ({ fcp: performance.getEntriesByName("first-contentful-paint")[0]!.startTime, responded: window.__bench!.responded!, token: localStorage.getItem("gameToken") }));
    if (token !== seat.token) throw new Error(`${url} was loaded without the player's token`);
    if (!page.url().startsWith(url)) throw new Error(`${url} navigated away to ${page.url()}`);
    return { fcp, responded, errors };
  } finally {
    await context.close();
  }
}

/** A fresh populated lobby with its first round under way, and a seat (a blue member) to load it as. */
async function roundInProgress(base: string): Promise<{ lobby: Populated; seat: { token: string; code: string } }> {
  const lobby = await populateLobby(base, { players: 16, game: "round", chat: true });
  return { lobby, seat: { token: lobby.seats[2]!.token, code: lobby.code } };
}

export function runPagesBench(): Promise<BenchSection> {
  const started = performance.now();
  return againstSpa("main.tsx", async ({ stealmate, spa, browser }) => {

    // (a) bytes per route, for a populated lobby and a game in its first round
    const lobby = await populateLobby(stealmate.url, { players: 16, game: "none", chat: true });
    const game = await roundInProgress(stealmate.url);
    const STEALMATE = "Stealmate (server-rendered islands)";
    const SPA = "single-page build";
    const rows: BenchSection["rows"] = [];
    for (const route of ["/", `/lobby/${lobby.code}`]) rows.push((await routeBytes(STEALMATE, stealmate.url, route)).row);
    const gamePage = await routeBytes(STEALMATE, stealmate.url, `/game/${game.lobby.code}`);
    rows.push(gamePage.row);
    rows.push((await routeBytes(SPA, spa.url, `/game/${game.lobby.code}`)).row);

    // (b) first contentful paint and time to respond, cold loads of /game/:code, alternating
    const apps = [
      { name: STEALMATE, base: stealmate.url },
      { name: SPA, base: spa.url },
    ];
    // One unthrottled load each first, so neither server's first request is measured.
    for (const app of apps) await measure(browser, `${app.base}/game/${game.lobby.code}`, game.seat, false);
    const samples = apps.map(() => [] as Sample[]);
    for (let i = 0; i < SAMPLES; i++) {
      const { lobby: live, seat } = await roundInProgress(stealmate.url);
      const order = i % 2 === 0 ? [0, 1] : [1, 0];
      for (const a of order) samples[a]!.push(await measure(browser, `${apps[a]!.base}/game/${live.code}`, seat, true));
    }
    const fcp = samples.map((s) => median(s.map((x) => x.fcp)));
    const responded = samples.map((s) => median(s.map((x) => x.responded)));
    for (const row of rows) {
      const a = row.route === "/game/:code" ? apps.findIndex((app) => app.name === row.app) : -1;
      row["FCP ms"] = a < 0 ? "" : Math.round(fcp[a]!);
      row["FCP samples"] = a < 0 ? "" : samples[a]!.map((x) => Math.round(x.fcp)).join(" / ");
      row["responds to input ms"] = a < 0 ? "" : Math.round(responded[a]!);
      row["responds samples"] = a < 0 ? "" : samples[a]!.map((x) => Math.round(x.responded)).join(" / ");
      row["page errors"] = a < 0 ? "" : samples[a]!.reduce((n, x) => n + x.errors, 0);
    }
    rows.push({
      route: "setup",
      app: `Chromium ${browser.version()}, ${describeThrottle(SLOW_PHONE)}, cold cache, ${SAMPLES} loads each alternating, medians`,
      "HTML KB raw / gzip / br": "sizes: zlib gzip level 9, brotli quality 11",
      "JS KB raw / gzip / br (files)": "entry and its static imports",
      "total KB gzip / br": "",
      "FCP ms": "",
      "FCP samples": "",
      "responds to input ms": `Stealmate / SPA: ${round(responded[0]! / responded[1]!)}`,
      "responds samples": "from navigation start until a click on the chat's Team toggle shows it pressed",
      "page errors": `${round((performance.now() - started) / 1000, 1)} s; load average ${loadavg().map((n) => n.toFixed(1)).join(" ")}`,
    });
    const value = fcp[0]! / fcp[1]!;
    return {
      title: "Pages: bytes per route, and the game page on a slow phone",
      rows,
      ratios: [
        { name: "First contentful paint, /game/:code, Stealmate / single-page build", value: round(value), target: "<= 0.5", met: value <= 0.5 },
        { name: "game page JavaScript, KB gzip (also tests/pages/budgets.test.ts)", value: round(gamePage.jsGzipKb), target: "<= 75", met: gamePage.jsGzipKb <= 75 },
      ],
    };
  });
}

if (import.meta.main) {
  const section = await runPagesBench();
  console.table(section.rows);
  console.table(section.ratios);
}
