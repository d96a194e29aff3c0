// Byte budgets of what phones download, measured on a real production build.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { BUILD_DIR, loadManifest, type Manifest } from "../../src/pages/build";
import { STREAM_PATH } from "../../src/shared/wire";
import { call, startTestApp, type TestApp } from "../support/app";

const KB = 1024;
let app: TestApp;
let manifest: Manifest;
let code: string;

const gz = (bytes: Buffer | string) => gzipSync(bytes, { level: 9 }).length;
const scriptBytes = (file: string) => readFileSync(join(BUILD_DIR, file.replace("/build/", "")));

/** An entry and every chunk it imports, followed transitively. */
function pageScripts(entry: string): string[] {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const m of scriptBytes(file).toString("utf8").matchAll(/(?:from|import)\s*"\.\/(chunk-[\w-]+\.js)"/g)) visit(`/build/${m[1]}`);
  };
  visit(entry);
  return [...seen];
}

beforeAll(async () => {
  // Built when stale; not rebuilt under the other test runs that serve it meanwhile (scripts/test-all.ts).
  manifest = await loadManifest();
  app = await startTestApp();
  const host = await call(app, "POST", "/api/lobby/create", { body: { playerName: "Host" } });
  code = host.body.lobby.code;
  for (let i = 0; i < 15; i++) await call(app, "POST", "/api/lobby/join", { body: { playerName: `Player number ${i}`, code } });
  // Three builds (Teams', a Duel's, a Tournament's pages): longer than a hook's default 5 s on a busy machine.
}, 30_000);
afterAll(() => app.dispose());

describe("budgets", () => {
  test("each route's HTML is under 14 KB gzip, even for a full lobby", async () => {
    for (const path of ["/", `/lobby/${code}`, `/game/${code}`, `/tv/${code}`]) {
      const html = await (await fetch(app.url + path)).text();
      expect(html).toContain("<!doctype html>");
      expect(gz(html)).toBeLessThan(14 * KB);
    }
  });

  // What every phone downloads on opening a game: 79.9 KB, about 69 KB of it React's own chunk. Code
  // only the host runs (End Game and its dialog, the quizmaster's round), the results download and
  // the sound synthesiser (phones start with sound off) load on demand and are not counted: a phone
  // that never needs them never fetches them (docs/decisions.md, "The game page's JavaScript under
  // its budget"). The budget holds the page there.
  const GAME_PAGE_BUDGET = 80 * KB;
  const pageTotal = (page: keyof Manifest) => pageScripts(manifest[page].entry).reduce((sum, f) => sum + gz(scriptBytes(f)), 0);

  test("the game page's JavaScript is under its budget, gzip, in total", () => {
    const total = pageTotal("game");
    console.log(`game page JavaScript: ${(total / KB).toFixed(2)} KB gzip`);
    expect(total).toBeLessThan(GAME_PAGE_BUDGET);
  });

  test("the TV page's JavaScript stays within the game page's budget", () => {
    const total = pageTotal("tv");
    console.log(`TV page JavaScript: ${(total / KB).toFixed(2)} KB gzip`);
    expect(total).toBeLessThan(GAME_PAGE_BUDGET);
  });

  // A Duel's game page and party screen have bundles of their own (docs/decisions.md "Duels"): each
  // mode's page downloads its own islands only, and each is within the budget.
  test("a Duel's game page and TV page are within the budget, and no mode's page carries the other's screens", () => {
    for (const page of ["duel-game", "duel-tv"] as const) {
      const total = pageTotal(page);
      console.log(`${page} page JavaScript: ${(total / KB).toFixed(2)} KB gzip`);
      expect(total).toBeLessThan(GAME_PAGE_BUDGET);
    }
    const text = (page: keyof Manifest) => pageScripts(manifest[page].entry).map((f) => scriptBytes(f).toString("utf8")).join("\n");
    for (const page of ["game", "tv"] as const) expect(text(page)).not.toContain("Bye this round");
    expect(text("duel-game")).toContain("Bye this round");
    expect(text("duel-game")).not.toContain("Type your team answer");
  });

  // A Tournament's pages too (docs/decisions.md "Tournament"): its screens are a chunk loaded after hydration.
  test("a Tournament's game page and TV page are within the budget, and carry no Teams screen", () => {
    for (const page of ["tournament-game", "tournament-tv"] as const) {
      const total = pageTotal(page);
      console.log(`${page} page JavaScript: ${(total / KB).toFixed(2)} KB gzip`);
      expect(total).toBeLessThan(GAME_PAGE_BUDGET);
    }
    const text = pageScripts(manifest["tournament-game"].entry).map((f) => scriptBytes(f).toString("utf8")).join("\n");
    expect(text).toContain("Loading the bracket");
    expect(text).not.toContain("Type your team answer");
  });

  test("React is one chunk shared by every page", () => {
    const reactChunks = (page: keyof Manifest) => pageScripts(manifest[page].entry).filter((f) => scriptBytes(f).toString("utf8").includes("react.transitional.element"));
    const home = reactChunks("home");
    expect(home).toHaveLength(1);
    expect(reactChunks("lobby")).toEqual(home);
    expect(reactChunks("game")).toEqual(home);
  });

  test("the home page loads no realtime client; the lobby page does", () => {
    const client = [STREAM_PATH, "EventSource"];
    const home = pageScripts(manifest.home.entry).map((f) => scriptBytes(f).toString("utf8")).join("\n");
    for (const mark of client) expect(home).not.toContain(mark);
    const lobby = pageScripts(manifest.lobby.entry).map((f) => scriptBytes(f).toString("utf8")).join("\n");
    for (const mark of client) expect(lobby).toContain(mark);
  });

  test("bundles are minified production builds", () => {
    for (const f of pageScripts(manifest.game.entry)) {
      const text = scriptBytes(f).toString("utf8");
      expect(text).not.toContain("react-dom.development");
      expect(text.split("\n").length).toBeLessThan(50);
    }
  });
});
