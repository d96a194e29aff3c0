// A happy-dom document for island tests: installed as the DOM globals before a file's tests and put
// back after (bun test runs every file in one process), with fetch and location.assign stood in for.
import { afterAll, afterEach, beforeAll, beforeEach } from "bun:test";
import { Window } from "happy-dom";
import { act, createElement, type ComponentType } from "react";
import type { Root } from "react-dom/client";
import { StoreContext, type Store } from "../../islands/client/store";

const GLOBALS = ["window", "document", "navigator", "localStorage", "HTMLElement", "HTMLInputElement", "Element", "Node", "Event", "KeyboardEvent", "MouseEvent"] as const;

type ReactDomClient = typeof import("react-dom/client");

export interface DomOptions {
  /** stands in for globalThis.fetch while the document is installed */
  fetch: (input: string | URL | Request, init?: RequestInit) => Promise<Response>;
  /** stands in for location.assign (navigate.ts goes through it), so happy-dom loads no pages */
  assign: (path: string) => unknown;
}

export interface FakeDom {
  /** the happy-dom window (set in beforeAll) */
  readonly win: Window;
  readonly createRoot: ReactDomClient["createRoot"];
  readonly hydrateRoot: ReactDomClient["hydrateRoot"];
  /**
   * Renders `island` under the store's provider in a new div added to the body and returns the div;
   * `keep` gets the root before the first render, for the file's afterEach to unmount.
   */
  mount(island: ComponentType, store: Store, keep: (root: Root, el: HTMLElement) => void): Promise<HTMLElement>;
  /** React tracks input values; the prototype's setter plus an input event is what a user's typing does. */
  type(input: HTMLInputElement, value: string): Promise<void>;
}

/**
 * Registers a beforeAll that installs a happy-dom window at `url` as the DOM globals and an afterAll
 * that restores them. react-dom/client decides once, when first loaded, whether a DOM exists (and so
 * whether onChange listens to 'input' events); bun test shares modules across files, so it is loaded
 * here only after the globals are in place, never by a static import.
 */
export function useFakeDom(url: string, options: DomOptions): FakeDom {
  const saved = new Map<string, PropertyDescriptor | undefined>();
  const realFetch = globalThis.fetch;
  let win: Window | undefined;
  let client: ReactDomClient | undefined;
  const installed = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error("the fake DOM is not installed (useFakeDom's beforeAll has not run)");
    return value;
  };

  beforeAll(async () => {
    win = new Window({ url });
    for (const name of GLOBALS) {
      saved.set(name, Object.getOwnPropertyDescriptor(globalThis, name));
      Object.defineProperty(globalThis, name, { value: name === "window" ? win : (win as unknown as Record<string, unknown>)[name], configurable: true, writable: true });
    }
    (globalThis as Record<string, unknown>).IS_REACT_ACT_ENVIRONMENT = true;
    Object.defineProperty(win.location, "assign", { value: options.assign, configurable: true });
    globalThis.fetch = options.fetch as typeof fetch;
    client = await import("react-dom/client");
  });

  afterAll(async () => {
    for (const [name, desc] of saved) {
      if (desc) Object.defineProperty(globalThis, name, desc);
      else delete (globalThis as Record<string, unknown>)[name];
    }
    globalThis.fetch = realFetch;
    await win?.happyDOM.close();
  });

  return {
    get win() {
      return installed(win);
    },
    get createRoot() {
      return installed(client).createRoot;
    },
    get hydrateRoot() {
      return installed(client).hydrateRoot;
    },
    async mount(island, store, keep) {
      const el = document.createElement("div");
      document.body.appendChild(el);
      const root = installed(client).createRoot(el);
      keep(root, el);
      await act(async () => root.render(createElement(StoreContext.Provider, { value: store }, createElement(island))));
      return el;
    },
    async type(input, value) {
      const w = installed(win);
      const setter = Object.getOwnPropertyDescriptor(w.HTMLInputElement.prototype, "value")!.set!;
      await act(async () => {
        setter.call(input, value);
        input.dispatchEvent(new w.Event("input", { bubbles: true }) as unknown as Event);
      });
    },
  };
}

/**
 * Lets pending work (promise chains, effects, React updates) run, one event-loop turn at a time,
 * until `done` holds: waiting on the work itself rather than on a guess at how long it takes.
 */
export async function until(done: () => boolean, what: string): Promise<void> {
  // Bounded by time, not by turns: a lazily imported module (islands/EndGame.tsx's host code, the
  // summary) is compiled on first import, which on a busy machine takes longer than 50 turns.
  const by = performance.now() + UNTIL_MS;
  while (!done() && performance.now() < by) await act(() => new Promise<void>((resolve) => setTimeout(resolve, 1)));
  if (!done()) throw new Error(`${what} never happened`);
}

/**
 * Registers a beforeEach and an afterEach so that no interval runs during a file's tests: the
 * countdown and the waiting dots never tick on their own, and each test sets the clock itself.
 */
export function stillIntervals(): void {
  const real = globalThis.setInterval;
  beforeEach(() => {
    globalThis.setInterval = (() => 0) as unknown as typeof setInterval;
  });
  afterEach(() => {
    globalThis.setInterval = real;
  });
}

/** How long `until` waits: a bound on a hang, never a wait on a game's timer. */
const UNTIL_MS = 5_000;
