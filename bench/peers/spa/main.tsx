// The client-rendered peer of the game page: the same components (src/pages/Game and its islands,
// the same store, session events and connection), rendered in the browser after the bundle has loaded
// and the lobby has been fetched, as a single-page app does. Nothing is painted before that.
import { createRoot } from "react-dom/client";
import { api, type Answers } from "../../../islands/client/api";
import { go } from "../../../islands/client/navigate";
import { wireEvents } from "../../../islands/client/session";
import { connect } from "../../../islands/client/connection";
import { setPageConnection } from "../../../islands/client/socket-context";
import { createStore, StoreContext } from "../../../islands/client/store";
import { isExpired, readClaims, storedToken } from "../../../islands/client/token";
import { Game } from "../../../src/pages/Game";

async function main(): Promise<void> {
  const code = decodeURIComponent(location.pathname.split("/")[2] ?? "").trim().toUpperCase();
  const token = storedToken();
  const claims = readClaims(token);
  // The same checks as the server-rendered page's session (docs/pages.md "Game").
  if (!token || !claims || claims.lobby !== code || isExpired(claims)) {
    console.error("Invalid session for this game");
    return go("/");
  }
  const res = await api<Answers["lobby"]>("GET", `/api/lobby/${code}`);
  if (!res.success) console.error("Failed to fetch lobby data");
  const store = createStore({ page: "game", code, lobby: res.success ? (res.data ?? null) : null, now: Date.now() });
  store.meId.value = claims.sub;
  createRoot(document.getElementById("app")!).render(
    <StoreContext.Provider value={store}>
      <Game />
    </StoreContext.Provider>,
  );
  const connection = connect(token, code);
  wireEvents(store, connection);
  setPageConnection(connection);
}

void main();
