// Island bundling and the pages' stylesheet with Bun.build, used by `bun run build` and, when no
// build exists or the sources are newer, at start.
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { basename, join } from "node:path";
import type { Assets } from "./document";
import { reactProduction } from "./react-production";

/** Each page's client entry (islands/client/entries), built together. */
const TEAMS_PAGES = ["home", "lobby", "game", "tv"] as const;
/** A Duels lobby's lobby page, game page and party screen (docs/decisions.md "Duels"), built together apart from the others. */
const DUEL_PAGES = ["duel-lobby", "duel-game", "duel-tv"] as const;
/** A Tournament lobby's pages (docs/decisions.md "Tournament"), built together apart from the others for the same reason. */
const TOURNAMENT_PAGES = ["tournament-lobby", "tournament-game", "tournament-tv"] as const;
export const PAGES = [...TEAMS_PAGES, ...DUEL_PAGES, ...TOURNAMENT_PAGES] as const;
type Page = (typeof PAGES)[number];
/** `invite`: the home page opened by an invite link, whose small script loads the home page's when wanted (entries/invite.ts). */
export type Manifest = Record<(typeof PAGES)[number] | "invite", Assets>;

const ROOT = join(import.meta.dir, "../..");
export const BUILD_DIR = join(ROOT, "public/build");
const MANIFEST = join(BUILD_DIR, "manifest.json");
/** The stylesheet every page inlines, minified (see page-css.ts). */
export const STYLESHEET = join(BUILD_DIR, "page.css");

/** styles.css is written to be read; Bun's CSS bundler minifies it here, not in the running server (its bundler would stay in the server's memory). */
async function buildStylesheet(): Promise<void> {
  const built = await Bun.build({ entrypoints: [join(ROOT, "src/pages/styles.css")], minify: true });
  if (!built.success) throw new AggregateError(built.logs, "stylesheet build failed");
  // The bundler ends its output with a line break, which the page does not need.
  writeFileSync(STYLESHEET, (await built.outputs[0]!.text()).trimEnd());
}

export async function buildIslands(): Promise<Manifest> {
  rmSync(BUILD_DIR, { recursive: true, force: true });
  mkdirSync(BUILD_DIR, { recursive: true });
  // A Duel's and a Tournament's pages are bundled apart from Teams' and from each other (docs/decisions.md
  // "Duels"): in one build, the code they share with another mode's game page would split its chunks,
  // and every split costs that page bytes.
  const manifest = { ...(await bundlePages(TEAMS_PAGES)), ...(await bundlePages(DUEL_PAGES)), ...(await bundlePages(TOURNAMENT_PAGES)) } as Manifest;
  await buildStylesheet();
  manifest.invite = await buildInviteLoader(manifest.home.entry);
  writeFileSync(MANIFEST, JSON.stringify(manifest, null, 2));
  return manifest;
}

/**
 * Writes a bundle's gzip and brotli copies beside it. zlib is imported here, not with the module:
 * a server that finds its build loads this file for loadManifest alone, and node:zlib would cost it
 * about 2.5 MB at rest (docs/bench.md "Idle RSS, module by module").
 */
async function compressed(path: string): Promise<void> {
  const { brotliCompressSync, gzipSync } = await import("node:zlib");
  const bytes = readFileSync(path);
  writeFileSync(`${path}.gz`, gzipSync(bytes, { level: 9 }));
  writeFileSync(`${path}.br`, brotliCompressSync(bytes));
}

/** One build of these pages' entries, sharing chunks among themselves; each page's entry and the chunks to preload. */
async function bundlePages(pages: readonly Page[]): Promise<Partial<Manifest>> {
  const result = await Bun.build({
    entrypoints: pages.map((p) => join(ROOT, "islands/client/entries", `${p}.tsx`)),
    outdir: BUILD_DIR,
    target: "browser",
    format: "esm",
    splitting: true,
    // The host-only code loaded on demand (islands/HostControls.tsx) needs no preloading runtime in every page.
    modulePreload: false,
    minify: true,
    sourcemap: "none",
    naming: { entry: "[name]-[hash].[ext]", chunk: "chunk-[hash].[ext]", asset: "[name]-[hash].[ext]" },
    define: { "process.env.NODE_ENV": '"production"' },
    plugins: [reactProduction],
  });
  if (!result.success) throw new AggregateError(result.logs, "island build failed");
  // Compressed once here rather than on every request.
  for (const output of result.outputs) await compressed(output.path);
  const manifest: Partial<Manifest> = {};
  for (const page of pages) {
    const entry = result.outputs.find((o) => o.kind === "entry-point" && basename(o.path).startsWith(`${page}-`));
    if (!entry) throw new Error(`no bundle for ${page}`);
    // Preloading the entry's static imports saves phones one round trip per chunk.
    const source = readFileSync(entry.path, "utf8");
    const chunks = [...source.matchAll(/from\s*"\.\/(chunk-[\w-]+\.js)"/g)].map((m) => `/build/${m[1]}`);
    manifest[page] = { entry: `/build/${basename(entry.path)}`, preload: [...new Set(chunks)] };
  }
  return manifest;
}

/**
 * The invite page's loader, bundled on its own after the pages: it shares no chunk with them (a chunk
 * split for it would cost every page bytes), and names the home page's bundle (`homeEntry`), which it
 * imports when wanted. Its storage keys are inlined, as constants are within one bundle.
 */
async function buildInviteLoader(homeEntry: string): Promise<Assets> {
  const built = await Bun.build({
    entrypoints: [join(ROOT, "islands/client/entries/invite.ts")],
    outdir: BUILD_DIR,
    target: "browser",
    format: "esm",
    minify: true,
    sourcemap: "none",
    naming: { entry: "[name]-[hash].[ext]" },
    define: { HOME_ISLANDS: JSON.stringify(homeEntry) },
    external: [homeEntry],
  });
  if (!built.success) throw new AggregateError(built.logs, "invite loader build failed");
  const output = built.outputs[0]!;
  await compressed(output.path);
  return { entry: `/build/${basename(output.path)}`, preload: [] };
}

/** Newest modification time of the sources that go into the bundles. */
function newestSource(): number {
  let newest = 0;
  // src/ai: the lobby page shares the question plan with the server.
  for (const dir of ["islands", "src/game", "src/pages", "src/shared", "src/ai"]) {
    for (const entry of readdirSync(join(ROOT, dir), { recursive: true, withFileTypes: true })) {
      if (entry.isFile()) newest = Math.max(newest, statSync(join(entry.parentPath, entry.name)).mtimeMs);
    }
  }
  return newest;
}

/**
 * The built manifest, building first when there is none or the sources are newer. The build runs
 * in a process of its own (`bun run build`'s script): run here, Bun's bundler would stay in the
 * server's memory for good, about 10 MB at rest (docs/bench.md "Idle RSS, module by module").
 */
export async function loadManifest(): Promise<Manifest> {
  if (!existsSync(MANIFEST) || statSync(MANIFEST).mtimeMs < newestSource()) {
    const build = Bun.spawn([process.execPath, "run", join(ROOT, "scripts/build-islands.ts")], { cwd: ROOT, stdout: "ignore", stderr: "pipe" });
    const [code, errors] = await Promise.all([build.exited, new Response(build.stderr).text()]);
    if (code !== 0) throw new Error(`island build failed (exit ${code}):\n${errors}`);
  }
  return JSON.parse(readFileSync(MANIFEST, "utf8")) as Manifest;
}
