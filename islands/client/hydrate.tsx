// The one hydration runtime: reads the page's JSON once, builds the page's store, and hydrates every
// island marker in place with its props.
import { useEffect, type ComponentType, type ReactNode } from "react";
import { hydrateRoot } from "react-dom/client";
import { createStore, StoreContext, type PageData, type Store } from "./store";

interface PagePayload {
  data: PageData;
  islands: unknown[];
}

let settle: () => void = () => {};
/**
 * Resolves once every island of the page has hydrated. Sessions wait for it before touching the
 * store: hydration is concurrent, and a signal that changes before an island's turn (meId, a fresh
 * lobby) makes its first client render differ from the server's HTML (React error 418).
 */
export const islandsHydrated = new Promise<void>((resolve) => {
  settle = resolve;
});

/** Renders nothing of its own; its effect runs once its root's hydration has committed. */
function Committed({ done, children }: { done: () => void; children: ReactNode }) {
  useEffect(done, []);
  return children;
}

export function readPage(doc: Document = document): PagePayload {
  return JSON.parse(doc.getElementById("__page")?.textContent ?? "null") as PagePayload;
}

export function hydrateIslands(components: Record<string, ComponentType<any>>, doc: Document = document): Store {
  const page = readPage(doc);
  const store = createStore(page.data);
  const markers = [...doc.querySelectorAll<HTMLElement>("[data-island]")].filter((el) => components[el.dataset.island ?? ""]);
  let pending = markers.length;
  const done = () => {
    if (--pending === 0) settle();
  };
  if (pending === 0) settle();
  for (const el of markers) {
    const Component = components[el.dataset.island ?? ""]!;
    const props = page.islands[Number(el.dataset.i)] as object;
    hydrateRoot(
      el,
      <StoreContext.Provider value={store}>
        <Committed done={done}>
          <Component {...props} />
        </Committed>
      </StoreContext.Provider>,
    );
  }
  return store;
}
