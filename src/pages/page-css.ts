// The pages' stylesheet as every page inlines it: the build's minified styles.css (build.ts), read
// once, on the first page rendered.
import { readFileSync } from "node:fs";
import { STYLESHEET } from "./build";

let css: string | undefined;

export function pageCss(): string {
  try {
    css ??= readFileSync(STYLESHEET, "utf8");
  } catch (err) {
    throw new Error(`No built stylesheet at ${STYLESHEET}: the server builds it at start (loadManifest), or run \`bun run build\``, { cause: err });
  }
  return css;
}
