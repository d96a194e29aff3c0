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

  test("src/game/ reads no clock, timer or randomness of its own: time and the seed come in (docs/architecture.md \"Rules\")", () => {
    const impure = filesUnder("src/game").filter((f) => /\bDate\.now\(|\bsetTimeout\(|\bsetInterval\(|\bMath\.random\(|\bperformance\.now\(/.test(readFileSync(join(ROOT, f), "utf8")));
    expect(impure).toEqual([]);
  });

  test("the check sees a violation: a game file importing the service would be reported", () => {
    expect(target("src/game/reduce.ts", "../lobbies/service")).toBe("src/lobbies/service");
    expect(specifiers('import type { A } from "../shared/events";\nexport { b } from "./b";\nawait import("../x");')).toEqual(["../shared/events", "./b", "../x"]);
  });
});

/** The source of every file under src/ and islands/, comments left out (a comment may name what code must not do). */
function sources(): [file: string, code: string][] {
  return [...filesUnder("src"), ...filesUnder("islands")].map((f) => [f, readFileSync(join(ROOT, f), "utf8").replace(/\/\*[\s\S]*?\*\/|(^|[^:"'`])\/\/.*$/gm, "$1")]);
}

describe("the rooms (docs/architecture.md \"The rooms\")", () => {
  test("only the registry makes a live lobby", () => {
    expect(sources().filter(([, code]) => /\bnew LiveLobby\b/.test(code)).map(([f]) => f)).toEqual(["src/lobbies/service.ts"]);
  });

  test("no caller makes sure a lobby is here before looking it up: there is no ensure, and the look-up that never claims is the realtime layer's alone", () => {
    // A lobby is asked for once (service.with, service.locate, or a command); `get` looks only here,
    // which is right only for a connection already in the lobby's rooms or a watch sent here by chance.
    const ensuring = sources().filter(([, code]) => /\.ensure\(|\bclaimWith\b/.test(code)).map(([f]) => f);
    const localLookups = sources()
      .filter(([f, code]) => !inside(f, "src/lobbies") && /\bservice\.get\(/.test(code))
      .map(([f]) => f);
    expect({ ensuring, localLookups }).toEqual({ ensuring: [], localLookups: ["src/realtime/handlers.ts"] });
  });

  test("the registry's dependencies are given at construction: nothing assigns one after", () => {
    const wiredAfter = sources().filter(([, code]) => /\bservice\.(broadcaster|claimer|ownership|store)\s*=(?!=)/.test(code)).map(([f]) => f);
    expect(wiredAfter).toEqual([]);
  });

  test("where a lobby lives is the ownership port's: the store port says nothing of claims or of loading every lobby", () => {
    const port = readFileSync(join(ROOT, "src/lobbies/store-port.ts"), "utf8");
    expect(port).not.toMatch(/\b(claim|settled|release|disown|forgetAll|loadAll)\s*\(/);
    const redisStore = readFileSync(join(ROOT, "src/cluster/redis-store.ts"), "utf8");
    expect(redisStore).not.toMatch(/\b(claim|settled|release|disown|forgetAll|loadAll)\s*\(/);
  });

  test("the cluster's Lua scripts spell no key: every prefix comes from the keys module", () => {
    const scripts = readFileSync(join(ROOT, "src/cluster/scripts.ts"), "utf8");
    const lua = [...scripts.matchAll(/script\(`([\s\S]*?)`\)/g)].map((m) => m[1]!).join("\n");
    expect(lua).not.toMatch(/sm:|string\.sub\(KEYS/);
  });

  test("the check sees a violation: a caller writing ensure-then-get would be reported", () => {
    expect(/\.ensure\(/.test("const claim = service.ensure(code); const state = service.get(code);")).toBe(true);
  });
});
