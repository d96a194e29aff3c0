// The shared screen's session: no token, no seat. It watches the lobby's room and follows the game
// through the same event handling as the players' pages (a spectator simply hears less).
import { watchLobby, type Connection } from "./connection";
import { wireEvents } from "./session";
import type { Store } from "./store";

export function startWatching(store: Store, open: (code: string) => Connection = watchLobby): Connection {
  const connection = open(store.code ?? "");
  wireEvents(store, connection);
  return connection;
}
