import { lobbyIslands } from "../../registry/lobby";
import { hydrateIslands, islandsHydrated } from "../hydrate";
import { installLobbyLinks } from "../lobby-links";
import { startSession } from "../session";
import { setPageConnection } from "../socket-context";
import { adoptHandedSeat } from "../handed-seat";

// The invite page's form answers with this page: a seat it took without scripts is stored before any
// island or the session looks for one (handed-seat.ts).
adoptHandedSeat();
const store = hydrateIslands(lobbyIslands);
installLobbyLinks();
// The session fills in the viewer only after hydration, so the first render matches the server's.
void islandsHydrated.then(() => startSession(store)).then(setPageConnection);
