// What a Tournament's screens take from the connection beyond a Duel's (duels/duel-events.ts): the
// bracket as each round starts (a walkover may have moved it) and after each result. Registered once
// per connection by the page's island itself, not by the screens' chunk, which may load after a round
// has started: the round's pairs and bracket would be missed.
import { useEffect } from "react";
import type { GameView } from "../../src/game/views";
import type { Connection } from "../client/connection";
import { useConnection } from "../client/socket-context";
import { useDuelEvents } from "../duels/duel-events";
import type { Store } from "../client/store";

const wired = new WeakSet<Connection>();

/** A Duel's events (the pairs, who locked) and the bracket's. */
export function useTournamentEvents(store: Store): void {
  useDuelEvents(store);
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
