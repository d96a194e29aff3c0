// Peers' packages are installed by the bench itself, from the npm registry with npm's own client,
// into a cache folder outside the repository: the project never depends on them.
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { runTool } from "./proc";

export const CACHE_DIR = join(tmpdir(), "stealmate-bench");

/** A folder whose node_modules holds `specs` (e.g. "express@4"); installed once, then reused. */
export async function peerPackages(name: string, specs: string[]): Promise<string> {
  const dir = join(CACHE_DIR, name);
  const names = specs.map((s) => s.replace(/(?<=.)@.*$/, ""));
  if (names.every((n) => existsSync(join(dir, "node_modules", n, "package.json")))) return dir;
  mkdirSync(dir, { recursive: true });
  // A package.json of its own keeps npm from walking up into another project.
  writeFileSync(join(dir, "package.json"), JSON.stringify({ name: `stealmate-bench-${name}`, private: true }));
  await runTool(`npm install ${specs.join(" ")}`, ["npm", "install", "--prefix", dir, ...specs, "--no-audit", "--no-fund", "--loglevel=error"], { cwd: dir, timeoutMs: 240_000 });
  return dir;
}

/** A scratch folder under the cache, created when missing. */
export function cacheDir(...parts: string[]): string {
  const dir = join(CACHE_DIR, ...parts);
  mkdirSync(dir, { recursive: true });
  return dir;
}
