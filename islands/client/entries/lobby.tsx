import { lobbyIslands } from "../../registry/lobby";
import { hydrateIslands, islandsHydrated } from "../hydrate";
import { installLobbyLinks } from "../lobby-links";
import { startSession } from "../session";
import { setPageConnection } from "../socket-context";

const store = hydrateIslands(lobbyIslands);
installLobbyLinks();
// The session fills in the viewer only after hydration, so the first render matches the server's.
void islandsHydrated.then(() => startSession(store)).then(setPageConnection);
