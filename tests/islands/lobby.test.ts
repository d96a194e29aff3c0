// The lobby islands in a happy-dom document: team seats, host-only controls, tag rules, the bodies
// sent to the server, the start condition, lobby links, and a server render that hydrates cleanly.
import { afterAll, afterEach, beforeAll, describe, expect, test } from "bun:test";
import { Window } from "happy-dom";
import { act, createElement, type ComponentType } from "react";
import { createRoot, hydrateRoot, type Root } from "react-dom/client";
import { renderToString } from "react-dom/server";
import type { Player, Team } from "../../src/game/types";
import type { LobbyView } from "../../src/game/views";
import { createStore, StoreContext, type Store } from "../../islands/client/store";

// bun test runs every file in one process: the DOM globals are installed here and put back after.
const GLOBALS = ["window", "document", "navigator", "localStorage", "HTMLElement", "HTMLInputElement", "Element", "Node", "Event", "KeyboardEvent", "MouseEvent"] as const;
const saved = new Map<string, PropertyDescriptor | undefined>();
const realFetch = globalThis.fetch;
let win: Window;

interface Call {
  method: string;
  url: string;
  auth: string | null;
  body: unknown;
}
let calls: Call[] = [];
let answer: (url: string) => Record<string, unknown> = () => ({ success: true });
let visits: string[] = [];

beforeAll(() => {
  win = new Window({ url: "http://localhost:3000/lobby/ABCD" });
  const g = globalThis as Record<string, unknown>;
  for (const name of GLOBALS) {
    saved.set(name, Object.getOwnPropertyDescriptor(globalThis, name));
    Object.defineProperty(globalThis, name, { value: name === "window" ? win : (win as unknown as Record<string, unknown>)[name], configurable: true, writable: true });
  }
  g.IS_REACT_ACT_ENVIRONMENT = true;
  // navigate.ts goes through location.assign; recording it keeps happy-dom from loading pages.
  Object.defineProperty(win.location, "assign", { value: (path: string) => visits.push(String(path)), configurable: true });
  globalThis.fetch = (async (input: string | URL | Request, init?: RequestInit) => {
    const url = String(input);
    const headers = (init?.headers ?? {}) as Record<string, string>;
    calls.push({ method: init?.method ?? "GET", url, auth: headers.authorization ?? null, body: init?.body ? JSON.parse(String(init.body)) : undefined });
    const json = answer(url);
    return new Response(JSON.stringify(json), { status: json.success ? 200 : 409, headers: { "content-type": "application/json" } });
  }) as typeof fetch;
});

afterAll(async () => {
  for (const [name, desc] of saved) {
    if (desc) Object.defineProperty(globalThis, name, desc);
    else delete (globalThis as Record<string, unknown>)[name];
  }
  globalThis.fetch = realFetch;
  await win.happyDOM.close();
});

const mounted: { root: Root; el: HTMLElement }[] = [];
afterEach(() => {
  for (const m of mounted.splice(0)) act(() => m.root.unmount());
  document.body.innerHTML = "";
  localStorage.clear();
  calls = [];
  visits = [];
  answer = () => ({ success: true });
});

// ---- fixtures ---------------------------------------------------------------------------------

const player = (id: string, team: Team, extra: Partial<Player> = {}): Player => ({ id, name: id[0]!.toUpperCase() + id.slice(1), team, isCaptain: false, isHost: false, connected: true, ...extra });

/** Host Ann captains blue with Bob; red is Cat (away) and Dan with no captain, unless `redCaptain`. */
function lobbyView({ redCaptain = false, blueCount = 2 } = {}): LobbyView {
  const ann = player("ann", "blue", { isCaptain: true, isHost: true });
  const blue = [ann, player("bob", "blue"), ...Array.from({ length: blueCount - 2 }, (_, i) => player(`extra${i}`, "blue"))];
  const cat = player("cat", "red", { connected: false, isCaptain: redCaptain });
  const red = [cat, player("dan", "red")];
  return {
    code: "ABCD",
    host: { id: "ann", name: "Ann" },
    blueTeam: blue,
    redTeam: red,
    captains: { blue: ann, red: redCaptain ? cat : null },
    settings: { rounds: 7, roundLimit: 60, tags: ["General"] },
    gameState: null,
  };
}

function storeFor(lobby: LobbyView, meId: string | null): Store {
  const store = createStore({ page: "lobby", code: "ABCD", lobby, now: 0 });
  store.meId.value = meId;
  return store;
}

async function mount(island: ComponentType, store: Store): Promise<HTMLElement> {
  const el = document.createElement("div");
  document.body.appendChild(el);
  const root = createRoot(el);
  mounted.push({ root, el });
  await act(async () => root.render(createElement(StoreContext.Provider, { value: store }, createElement(island))));
  return el;
}

const loadIslands = async () => ({
  TeamPanels: (await import("../../islands/TeamPanels")).default,
  SettingsPanel: (await import("../../islands/SettingsPanel")).default,
  LobbyActions: (await import("../../islands/LobbyActions")).default,
  HostFooter: (await import("../../islands/HostFooter")).default,
});

const buttons = (el: HTMLElement, text: string) => [...el.querySelectorAll("button")].filter((b) => b.textContent?.trim() === text);
const button = (el: HTMLElement, text: string) => {
  const b = buttons(el, text)[0];
  if (!b) throw new Error(`no button '${text}'`);
  return b;
};
const click = (el: Element) => act(async () => void (el as HTMLElement).click());
/** React tracks input values; the prototype's setter plus an input event is what a user's typing does. */
async function type(input: HTMLInputElement, value: string) {
  const setter = Object.getOwnPropertyDescriptor(win.HTMLInputElement.prototype, "value")!.set!;
  await act(async () => {
    setter.call(input, value);
    input.dispatchEvent(new win.Event("input", { bubbles: true }) as unknown as Event);
  });
}
const press = (input: HTMLElement, key: string) => act(async () => void input.dispatchEvent(new win.KeyboardEvent("keydown", { key, bubbles: true, cancelable: true }) as unknown as Event));
const chipTexts = (el: HTMLElement) => [...el.querySelectorAll(".chip")].map((c) => c.firstChild?.textContent);
