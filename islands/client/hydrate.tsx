// The one hydration runtime: reads the page's JSON once, builds the page's store, and hydrates every
// island marker in place with its props.
import type { ComponentType } from "react";
import { hydrateRoot } from "react-dom/client";
import { createStore, StoreContext, type PageData, type Store } from "./store";

interface PagePayload {
  data: PageData;
  islands: unknown[];
}

export function readPage(doc: Document = document): PagePayload {
  return JSON.parse(doc.getElementById("__page")?.textContent ?? "null") as PagePayload;
}

export function hydrateIslands(components: Record<string, ComponentType<any>>, doc: Document = document): Store {
  const page = readPage(doc);
  const store = createStore(page.data);
  for (const el of doc.querySelectorAll<HTMLElement>("[data-island]")) {
    const Component = components[el.dataset.island ?? ""];
    if (!Component) continue;
    const props = page.islands[Number(el.dataset.i)] as object;
    hydrateRoot(
      el,
      <StoreContext.Provider value={store}>
        <Component {...props} />
      </StoreContext.Provider>,
    );
  }
  return store;
}
