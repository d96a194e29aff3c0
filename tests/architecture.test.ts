// The layers of docs/architecture.md, checked: what each folder may import. A rule broken here is a
// layer leaking (the rules reaching for I/O, the islands pulling server code into a phone's bundle).
import { describe, expect, test } from "bun:test";
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";

const ROOT = resolve(import.meta.dir, "..");

/** Every import and re-export specifier of a file: static, side-effect-only and dynamic. */
function specifiers(source: string): string[] {
  const found: string[] = [];
  for (const m of source.matchAll(/^\s*(?:import|export)\s[^;]*?\sfrom\s+["']([^"']+)["']/gms)) found.push(m[1]!);
  for (const m of source.matchAll(/^\s*import\s+["']([^"']+)["']/gm)) found.push(m[1]!);
  for (const m of source.matchAll(/\bimport\(\s*["']([^"']+)["']\s*\)/g)) found.push(m[1]!);
  return found;
}

function filesUnder(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { recursive: true, encoding: "utf8" })
    .filter((f) => /\.tsx?$/.test(f))
    .map((f) => join(dir, f));
}

/** Where an import lands: a folder of the repository ("src/game") or a package ("zod"). */
function target(file: string, spec: string): string {
  if (!spec.startsWith(".")) return spec.startsWith("node:") || spec.startsWith("bun:") ? spec : spec.split("/")[0]!;
  return relative(ROOT, resolve(ROOT, dirname(file), spec));
}

/** The imports of the files under `dir` that `allowed` rejects, as "file -> specifier". */
function violations(dir: string, allowed: (landing: string) => boolean): string[] {
  const bad: string[] = [];
  for (const file of filesUnder(dir)) {
    for (const spec of specifiers(readFileSync(join(ROOT, file), "utf8"))) {
      if (!allowed(target(file, spec))) bad.push(`${file} -> ${spec}`);
    }
  }
  return bad;
}

const inside = (landing: string, ...folders: string[]) => folders.some((f) => landing === f || landing.startsWith(`${f}/`));

describe("the layers", () => {
  test("src/game/, the rules, imports nothing outside itself but zod (its schemas)", () => {
    expect(violations("src/game", (to) => inside(to, "src/game") || to === "zod")).toEqual([]);
  });

  test("src/shared/, read by the islands too, imports only itself, the rules and zod", () => {
    expect(violations("src/shared", (to) => inside(to, "src/shared", "src/game") || to === "zod")).toEqual([]);
  });

  test("src/realtime/ does not reach into the REST layer", () => {
    expect(violations("src/realtime", (to) => !inside(to, "src/api"))).toEqual([]);
  });

  test("the islands import no server code: only themselves, the rules, the contract and packages", () => {
    const serverOnly = ["src/api", "src/lobbies", "src/realtime", "src/pages", "src/results", "src/app", "src/server", "src/config"];
    expect(violations("islands", (to) => !inside(to, ...serverOnly) || to === "src/api/answers")).toEqual([]);
  });

  test("src/cluster/ is loaded only by the app, and only when it runs as a node (docs/cluster.md)", () => {
    const statically: string[] = [];
    for (const file of [...filesUnder("src"), ...filesUnder("islands")].filter((f) => !inside(f, "src/cluster"))) {
      const source = readFileSync(join(ROOT, file), "utf8");
      const dynamic = new Set([...source.matchAll(/\bimport\(\s*["']([^"']+)["']\s*\)/g)].map((m) => m[1]!));
      for (const spec of specifiers(source)) {
        if (!inside(target(file, spec), "src/cluster")) continue;
        if (!(dynamic.has(spec) && file === "src/app.ts")) statically.push(`${file} -> ${spec}`);
      }
    }
    expect(statically).toEqual([]);
  });

  test("the check sees a violation: a game file importing the service would be reported", () => {
    expect(target("src/game/reduce.ts", "../lobbies/service")).toBe("src/lobbies/service");
    expect(specifiers('import type { A } from "../shared/events";\nexport { b } from "./b";\nawait import("../x");')).toEqual(["../shared/events", "./b", "../x"]);
  });
});
