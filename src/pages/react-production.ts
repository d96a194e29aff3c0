// A Bun.build plugin for the island bundles: React 19 without two shims meant for other setups.
// - use-sync-external-store's shim backfills a hook React 19 has (@preact/signals-react imports it):
//   React's own is used instead.
// - react-dom's entry files choose the production or development build at run time and run React
//   DevTools' check that the code was minified; the bundles are minified production builds
//   (tests/pages/budgets.test.ts), so the production files are imported directly.
// Together about 300 bytes gzip on every page, which the game page's budget (75 KB) needs.
import type { BunPlugin } from "bun";
import { dirname, join } from "node:path";

const REACT_DOM = dirname(Bun.resolveSync("react-dom/package.json", import.meta.dir));
const NAMESPACE = "react-production";

export const reactProduction: BunPlugin = {
  name: NAMESPACE,
  setup(build) {
    build.onResolve({ filter: /^use-sync-external-store\/shim(\/index\.js)?$/ }, () => ({ path: "use-sync-external-store", namespace: NAMESPACE }));
    build.onLoad({ filter: /.*/, namespace: NAMESPACE }, () => ({ contents: 'export { useSyncExternalStore } from "react";', loader: "js" }));
    build.onResolve({ filter: /^react-dom(\/client)?$/ }, ({ path }) => ({ path: join(REACT_DOM, "cjs", path === "react-dom" ? "react-dom.production.js" : "react-dom-client.production.js") }));
  },
};
