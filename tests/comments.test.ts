// Comments cite the repository's own docs (docs/decisions.md "Docs in the repository: how comments
// cite them"): a clone has docs/, not the product's original papers, and an issue number says
// nothing to whoever reads the code next.
import { describe, expect, test } from "bun:test";
import { readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";

const ROOT = resolve(import.meta.dir, "..");
const FOLDERS = ["src", "islands", "tests", "scripts", "bench"];
const SOURCE = /\.(ts|tsx|css|mjs|sh)$/;

/** A citation of something outside the repository, or of an issue by number. */
const OUTSIDE = /\bSPEC\b|SPEC\.md|\bDESIGN\b|DESIGN\.md|\.\.\/shared\/|[Ii]ssues? \d+/;

/** The comment text of a line: after `//`, or inside a block comment (`/*`, `*`). */
function commentOf(line: string): string | null {
  const trimmed = line.trim();
  if (trimmed.startsWith("*") || trimmed.startsWith("/*")) return trimmed;
  const at = line.indexOf("// ");
  return at >= 0 && !line.slice(0, at).includes("http") ? line.slice(at) : null;
}

/** "file:line: text" for every comment line that cites outside the repository. */
export function outsideCitations(files: { path: string; text: string }[]): string[] {
  const hits: string[] = [];
  for (const { path, text } of files) {
    text.split("\n").forEach((line, i) => {
      const comment = commentOf(line);
      if (comment && OUTSIDE.test(comment)) hits.push(`${path}:${i + 1}: ${comment.trim()}`);
    });
  }
  return hits;
}

function sources(): { path: string; text: string }[] {
  return FOLDERS.flatMap((folder) =>
    readdirSync(join(ROOT, folder), { recursive: true, encoding: "utf8" })
      .filter((f) => SOURCE.test(f) && !f.includes("node_modules") && f !== "comments.test.ts")
      .map((f) => ({ path: join(folder, f), text: readFileSync(join(ROOT, folder, f), "utf8") })),
  );
}

describe("comments", () => {
  test("cite docs/, never the product's papers outside the repository or an issue number", () => {
    expect(outsideCitations(sources())).toEqual([]);
  });

  test("the check sees a citation in either kind of comment, and not in code", () => {
    const hits = outsideCitations([{ path: "x.ts", text: '// as SPEC 7 says\n * see DESIGN.md\nconst issue = "issue 12";\n// fixed in issue 13' }]);
    expect(hits).toEqual(["x.ts:1: // as SPEC 7 says", "x.ts:2: * see DESIGN.md", "x.ts:4: // fixed in issue 13"]);
  });
});
