// Renders a page to HTML: one store per request, the page in its document.
import type { ReactNode } from "react";
import { renderToString } from "react-dom/server";
import { createStore, StoreContext, type PageData } from "../../islands/client/store";
import { Document, scriptJson } from "./document";
import type { Manifest } from "./build";
import { pageCss } from "./page-css";

export interface RenderedPage {
  html: string;
  /**
   * Whether the paint read the clock (store.now: the round countdown). A page that did not is the
   * same for every request on the same lobby state, so it may be served again; one that did is not.
   */
  timed: boolean;
}

/** `entry`: the page's client entry, when it is not the page's own (the invite link's home page, build.ts). */
export function renderPage(manifest: Manifest | null, data: PageData, body: ReactNode, entry: keyof Manifest = data.page): string {
  return renderPageOnce(manifest, data, body, entry).html;
}

export function renderPageOnce(manifest: Manifest | null, data: PageData, body: ReactNode, entry: keyof Manifest = data.page): RenderedPage {
  const store = createStore(data);
  // Every component reaches the time through the store, so reading store.now is reading the clock.
  let timed = false;
  const now = store.now;
  Object.defineProperty(store, "now", {
    get() {
      timed = true;
      return now;
    },
  });
  const page = renderToString(
    <Document title={data.page === "home" ? "Stealmate" : `Stealmate · ${data.code}`} css={pageCss()} pageJson={scriptJson(data)} assets={manifest?.[entry] ?? null}>
      <div id="app">
        <StoreContext.Provider value={store}>{body}</StoreContext.Provider>
      </div>
    </Document>,
  );
  return { html: `<!doctype html>${page}`, timed };
}
