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

export function renderPage(manifest: Manifest | null, data: PageData, body: ReactNode): string {
  const collector: IslandCollector = { props: [] };
  // The body renders first so the collector holds every island's props before they are written.
  const html = renderToString(
    <IslandContext.Provider value={collector}>
      <StoreContext.Provider value={createStore(data)}>{body}</StoreContext.Provider>
    </IslandContext.Provider>,
  );
  const page = renderToString(
    <Document title={data.page === "home" ? "Stealmate" : `Stealmate · ${data.code}`} css={CSS} pageJson={scriptJson({ data, islands: collector.props })} assets={manifest?.[data.page] ?? null}>
      <div id="app" dangerouslySetInnerHTML={{ __html: html }} />
    </Document>,
  );
  return `<!doctype html>${page}`;
}
