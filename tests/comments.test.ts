// Comments cite the repository's own docs (docs/decisions.md "Docs in the repository: how comments
// cite them"): a clone has docs/, not the product's original papers, and an issue number says
// nothing to whoever reads the code next.
import { describe, expect, test } from "bun:test";
import { readdirSync, readFileSync, statSync } from "node:fs";
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

/** Each doc's headings, without their #s. */
function headingsOf(docs: { name: string; text: string }[]): Map<string, string[]> {
  return new Map(docs.map(({ name, text }) => [name, text.split("\n").filter((l) => /^#{1,6} /.test(l)).map((l) => l.replace(/^#+ /, "").trim())]));
}

/**
 * A citation names a heading whole, or its title before what follows it: "Home" is `## Home (\`/\`)`,
 * "Many machines" is `## Many machines: lobbies on a cluster`.
 */
const names = (heading: string, cited: string) => heading === cited || heading.startsWith(`${cited} (`) || heading.startsWith(`${cited}:`);

/**
 * "file: docs/x.md "Heading"" for every citation in a comment that names no heading of that doc. A
 * citation may run over two comment lines: the comment markers between them are read as a space.
 */
export function unresolvedCitations(files: { path: string; text: string }[], headings: Map<string, string[]>): string[] {
  const bad: string[] = [];
  for (const { path, text } of files) {
    const joined = text.replace(/\n\s*(?:\/\/|\*|#)\s?/g, " ");
    for (const m of joined.matchAll(/docs\/([\w-]+\.md) "([^"]+)"/g)) {
      const [, doc, cited] = m as unknown as [string, string, string];
      if (!(headings.get(doc) ?? []).some((h) => names(h, cited))) bad.push(`${path}: docs/${doc} "${cited}"`);
    }
  }
  return bad;
}

/** The file list of docs/architecture.md "The files": each `### \`folder/\`` heading, then a bullet per file. */
export function listedFiles(architecture: string): string[] {
  const at = architecture.search(/^## The files$/m);
  const section = at < 0 ? "" : architecture.slice(at);
  const listed: string[] = [];
  let folder = "";
  for (const [i, line] of section.split("\n").entries()) {
    if (i > 0 && line.startsWith("## ")) break;
    const heading = line.match(/^### `([^`]+)\/`/);
    if (heading) folder = heading[1]!;
    const item = line.match(/^- `([^`]+)`/);
    if (item && folder) listed.push(`${folder}/${item[1]}`);
  }
  return listed;
}

/** What the list and the tree disagree on: files not listed, and entries naming no file. */
export function fileListDrift(listed: string[], tree: string[]): { unlisted: string[]; missing: string[] } {
  const pattern = (entry: string) => new RegExp(`^${entry.replace(/[.+?^${}()|[\]\\]/g, "\\$&").replace(/\*/g, "[^/]*")}$`);
  const patterns = listed.map((entry) => ({ entry, re: pattern(entry) }));
  return {
    unlisted: tree.filter((file) => !patterns.some(({ re }) => re.test(file))),
    missing: patterns.filter(({ re }) => !tree.some((file) => re.test(file))).map(({ entry }) => entry),
  };
}

function docs(): { name: string; text: string }[] {
  return readdirSync(join(ROOT, "docs"))
    .filter((f) => f.endsWith(".md"))
    .map((name) => ({ name, text: readFileSync(join(ROOT, "docs", name), "utf8") }));
}

function tree(): string[] {
  return ["src", "islands"].flatMap((folder) => readdirSync(join(ROOT, folder), { recursive: true, encoding: "utf8" }).map((f) => join(folder, f))).filter((f) => !statSync(join(ROOT, f)).isDirectory());
}

describe("docs are checked like code (docs/architecture.md \"The files\")", () => {
  test("every docs/x.md \"Heading\" a comment cites is a heading of that doc", () => {
    expect(unresolvedCitations(sources(), headingsOf(docs()))).toEqual([]);
  });

  test("docs/architecture.md lists every file under src/ and islands/, and nothing that is not there", () => {
    expect(fileListDrift(listedFiles(readFileSync(join(ROOT, "docs/architecture.md"), "utf8")), tree())).toEqual({ unlisted: [], missing: [] });
  });

  test("the checks see drift: a citation of a missing heading, a file not listed, an entry naming nothing", () => {
    const headings = headingsOf([{ name: "pages.md", text: "# Pages\n## Home (`/`)\n## Lobby" }]);
    const files = [{ path: "x.ts", text: '// see docs/pages.md "Home" and docs/pages.md "Lobby"\n// and docs/pages.md\n// "Gone", docs/cluster.md "Keys"' }];
    expect(unresolvedCitations(files, headings)).toEqual(['x.ts: docs/pages.md "Gone"', 'x.ts: docs/cluster.md "Keys"']);
    const listed = listedFiles("## The files\n\n### `src/a/`\n\n- `one.ts`: one\n- `*.json`: data\n- `gone.ts`: gone\n");
    expect(listed).toEqual(["src/a/one.ts", "src/a/*.json", "src/a/gone.ts"]);
    expect(fileListDrift(listed, ["src/a/one.ts", "src/a/x.json", "src/a/two.ts", "src/a/sub/y.json"])).toEqual({ unlisted: ["src/a/two.ts", "src/a/sub/y.json"], missing: ["src/a/gone.ts"] });
  });
});

describe("comments", () => {
  test("cite docs/, never the product's papers outside the repository or an issue number", () => {
    expect(outsideCitations(sources())).toEqual([]);
  });

  test("the check sees a citation in either kind of comment, and not in code", () => {
    const hits = outsideCitations([{ path: "x.ts", text: '// as SPEC 7 says\n * see DESIGN.md\nconst issue = "issue 12";\n// fixed in issue 13' }]);
    expect(hits).toEqual(["x.ts:1: // as SPEC 7 says", "x.ts:2: * see DESIGN.md", "x.ts:4: // fixed in issue 13"]);
  });
});
