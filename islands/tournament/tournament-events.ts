// What a Tournament's screens take from the connection beyond a Duel's (duels/duel-events.ts): the
// bracket as each round starts (a walkover may have moved it) and after each result. Registered once
// per connection when the Tournament's chunk loads; before that, the snapshot holds it.
import { useEffect } from "react";
import type { GameView } from "../../src/game/views";
import type { Connection } from "../client/connection";
import { useConnection } from "../client/socket-context";
import type { Store } from "../client/store";

const wired = new WeakSet<Connection>();

export function useTournamentEvents(store: Store): void {
  const connection = useConnection().value;
  useEffect(() => {
    if (!connection || wired.has(connection)) return;
    wired.add(connection);
    const patch = (bracket: GameView["bracket"]) => {
      const lobby = store.lobby.value;
      if (bracket && lobby?.gameState) store.lobby.value = { ...lobby, gameState: { ...lobby.gameState, bracket } };
    };
    connection.on("round-started", (p) => patch(p.game.bracket));
    connection.on("round-results", (p) => patch(p.bracket));
    connection.on("round-overruled", (p) => patch(p.bracket));
  }, [connection, store]);
}
