// The client-rendered peer of the first minute (bench/first-minute.ts): the invite link and the lobby
// page, from the same components as Stealmate's pages, rendered in the browser after the bundle has
// run, as a single-page app does. `/?join=CODE` looks the lobby up (`GET /api/lobby/CODE`), then
// renders the invite page's join form for it; nothing is painted before that bundle has run. Joining (`POST /api/lobby/join`, islands/client/join.ts) goes to /lobby/CODE as a router
// would, without loading a page: the Navigation API turns the islands' `location.assign` into a
// client-side route, which fetches the lobby and renders the lobby page with its team lists.
import type { ReactNode } from "react";
import { createRoot, type Root } from "react-dom/client";
import { api, type Answers } from "../../../islands/client/api";
import { connect } from "../../../islands/client/connection";
import { wireEvents } from "../../../islands/client/session";
import { setPageConnection } from "../../../islands/client/socket-context";
import { createStore, StoreContext, type PageData } from "../../../islands/client/store";
import { readClaims, storedToken } from "../../../islands/client/token";
import { Lobby } from "../../../src/pages/Lobby";
// The invite link's page: Stealmate's home page with its join form for the lobby (islands/InviteJoin.tsx).
import { Home as JoinPage } from "../../../src/pages/Home";

let root: Root | null = null;

function show(data: PageData, page: ReactNode): ReturnType<typeof createStore> {
  const store = createStore(data);
  root?.unmount();
  root = createRoot(document.getElementById("app")!);
  root.render(<StoreContext.Provider value={store}>{page}</StoreContext.Provider>);
  return store;
}

/** The lobby page of a seated player: the lobby fetched, rendered, then the connection opened. */
async function lobbyPage(code: string): Promise<void> {
  const token = storedToken();
  const claims = readClaims(token);
  const res = await api<Answers["lobby"]>("GET", `/api/lobby/${code}`);
  if (!res.success) console.error("Failed to fetch lobby data");
  const store = show({ page: "lobby", code, lobby: res.success ? (res.data ?? null) : null, now: Date.now() }, <Lobby origin={location.origin} />);
  if (!token || claims?.lobby !== code) return;
  store.meId.value = claims.sub;
  const connection = connect(token, code);
  wireEvents(store, connection);
  setPageConnection(connection);
}

async function route(url: URL): Promise<void> {
  setPageConnection(null);
  const lobby = url.pathname.match(/^\/lobby\/([^/]+)$/)?.[1];
  if (lobby) return lobbyPage(decodeURIComponent(lobby).toUpperCase());
  const code = url.searchParams.get("join")?.trim().toUpperCase();
  if (!code) return void show({ page: "home", code: null, lobby: null, now: Date.now() }, <JoinPage />);
  const res = await api<Answers["lobby"]>("GET", `/api/lobby/${encodeURIComponent(code)}`, undefined, false);
  const status = !res.success ? "missing" : res.data?.locked ? "locked" : "open";
  show({ page: "home", code: null, lobby: null, now: Date.now() }, <JoinPage invite={{ code, status }} />);
}

// A navigation to another page of this origin (not a replaceState, which stays on the
// same document) is taken over and routed here, as a client-side router does.
navigation.addEventListener("navigate", (event) => {
  const url = new URL(event.destination.url);
  if (!event.canIntercept || event.destination.sameDocument || event.downloadRequest !== null || url.origin !== location.origin) return;
  event.intercept({ handler: () => route(url) });
});

void route(new URL(location.href));
