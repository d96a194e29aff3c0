// Builds the island bundles: one entry per page, React and the shared code split into common
// chunks, minified for production. Writes public/build/manifest.json for the page renderer.
import { buildIslands } from "../src/pages/build";

const manifest = await buildIslands();
for (const [page, assets] of Object.entries(manifest)) console.log(`${page}: ${assets.entry} (+${assets.preload.length} chunks)`);
