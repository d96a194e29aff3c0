// Island bundling and the pages' stylesheet with Bun.build, used by `bun run build` and, when no
// build exists or the sources are newer, at start.
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { brotliCompressSync, gzipSync } from "node:zlib";
import { basename, join } from "node:path";
import type { Assets } from "./document";
import { reactProduction } from "./react-production";

/** Each page's client entry (islands/client/entries); a Duel's and a Tournament's game page and party screen have their own (docs/decisions.md "Duels"). */
export const PAGES = ["home", "lobby", "game", "tv", "duel-game", "duel-tv", "tournament-game", "tournament-tv"] as const;
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
  const result = await Bun.build({
    entrypoints: PAGES.map((p) => join(ROOT, "islands/client/entries", `${p}.tsx`)),
    outdir: BUILD_DIR,
    target: "browser",
    format: "esm",
    splitting: true,
    // The host-only code loaded on demand (islands/EndGame.tsx) needs no preloading runtime in every page.
    modulePreload: false,
    minify: true,
    sourcemap: "none",
    naming: { entry: "[name]-[hash].[ext]", chunk: "chunk-[hash].[ext]", asset: "[name]-[hash].[ext]" },
    define: { "process.env.NODE_ENV": '"production"' },
    plugins: [reactProduction],
  });
  if (!result.success) throw new AggregateError(result.logs, "island build failed");
  await buildStylesheet();
  // Compressed once here rather than on every request.
  for (const output of result.outputs) {
    const bytes = readFileSync(output.path);
    writeFileSync(`${output.path}.gz`, gzipSync(bytes, { level: 9 }));
    writeFileSync(`${output.path}.br`, brotliCompressSync(bytes));
  }
  const manifest = {} as Manifest;
  for (const page of PAGES) {
    const entry = result.outputs.find((o) => o.kind === "entry-point" && basename(o.path).startsWith(`${page}-`));
    if (!entry) throw new Error(`no bundle for ${page}`);
    // Preloading the entry's static imports saves phones one round trip per chunk.
    const source = readFileSync(entry.path, "utf8");
    const chunks = [...source.matchAll(/from\s*"\.\/(chunk-[\w-]+\.js)"/g)].map((m) => `/build/${m[1]}`);
    manifest[page] = { entry: `/build/${basename(entry.path)}`, preload: [...new Set(chunks)] };
  }
  manifest.invite = await buildInviteLoader(manifest.home.entry);
  writeFileSync(MANIFEST, JSON.stringify(manifest, null, 2));
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
  const bytes = readFileSync(output.path);
  writeFileSync(`${output.path}.gz`, gzipSync(bytes, { level: 9 }));
  writeFileSync(`${output.path}.br`, brotliCompressSync(bytes));
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

/** The built manifest, building first when there is none or the sources are newer. */
export async function loadManifest(): Promise<Manifest> {
  if (existsSync(MANIFEST) && statSync(MANIFEST).mtimeMs >= newestSource()) return JSON.parse(readFileSync(MANIFEST, "utf8")) as Manifest;
  return buildIslands();
}
