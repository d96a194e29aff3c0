// The pages' stylesheet as every page inlines it: styles.css is written to be read, and Bun's CSS
// bundler minifies it once, when the server loads the pages.
import { join } from "node:path";

const built = await Bun.build({ entrypoints: [join(import.meta.dir, "styles.css")], minify: true });
if (!built.success) throw new AggregateError(built.logs, "stylesheet build failed");

// The bundler ends its output with a line break, which the page does not need.
export const PAGE_CSS = (await built.outputs[0]!.text()).trimEnd();
