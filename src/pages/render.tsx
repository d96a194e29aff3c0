// Renders a page to HTML: one store and one island collector per request, then the document.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { ReactNode } from "react";
import { renderToString } from "react-dom/server";
import { createStore, StoreContext, type PageData } from "../../islands/client/store";
import { Document, scriptJson } from "./document";
import { IslandContext, type IslandCollector } from "./island";
import type { Manifest } from "./build";

const CSS = readFileSync(join(import.meta.dir, "styles.css"), "utf8").replace(/\s*\n\s*/g, "");

export interface RenderedPage {
  html: string;
  /**
   * Whether the paint read the clock (store.now: the round countdown). A page that did not is the
   * same for every request on the same lobby state, so it may be served again; one that did is not.
   */
  timed: boolean;
}

export function renderPage(manifest: Manifest | null, data: PageData, body: ReactNode): string {
  return renderPageOnce(manifest, data, body).html;
}

export function renderPageOnce(manifest: Manifest | null, data: PageData, body: ReactNode): RenderedPage {
  const collector: IslandCollector = { props: [] };
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
  // The body renders first so the collector holds every island's props before they are written.
  const html = renderToString(
    <IslandContext.Provider value={collector}>
      <StoreContext.Provider value={store}>{body}</StoreContext.Provider>
    </IslandContext.Provider>,
  );
  const page = renderToString(
    <Document title={data.page === "home" ? "Stealmate" : `Stealmate · ${data.code}`} css={CSS} pageJson={scriptJson({ data, islands: collector.props })} assets={manifest?.[data.page] ?? null}>
      <div id="app" dangerouslySetInnerHTML={{ __html: html }} />
    </Document>,
  );
  return { html: `<!doctype html>${page}`, timed };
}
