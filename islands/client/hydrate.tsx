// The one hydration runtime: reads the page's JSON once, builds the page's store, and hydrates every
// island marker in place with its props.
import { useEffect, type ReactNode } from "react";
import { hydrateRoot } from "react-dom/client";
import { findMarkers, markerName, markerProps, type IslandRegistry } from "./marker";
import { createStore, StoreContext, type PageData, type Store } from "./store";

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

export function readPage(doc: Document): PageData {
  return JSON.parse(doc.getElementById("__page")?.textContent ?? "null") as PageData;
}

/** `islands`: the page's registry (islands/registry), the one its server render took its markers from. */
export function hydrateIslands(islands: IslandRegistry, doc: Document = document): Store {
  const store = createStore(readPage(doc));
  const markers = findMarkers(doc);
  let pending = markers.length;
  const done = () => {
    if (--pending === 0) settle();
  };
  if (pending === 0) settle();
  for (const el of markers) {
    const Component = islands[markerName(el)]!;
    hydrateRoot(
      el,
      <StoreContext.Provider value={store}>
        <Committed done={done}>
          <Component {...markerProps(el)} />
        </Committed>
      </StoreContext.Provider>,
    );
  }
  return store;
}
