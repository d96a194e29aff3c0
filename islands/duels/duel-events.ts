// What a Duel's screens take from the connection beyond what every game page does (session.ts): the
// pairings of a new round, who has locked (the player's own lock with what), and the standings after
// results. Registered once per connection when the Duel's chunk loads; before that, the snapshot the
// session took holds all of it (views.ts).
import { useEffect } from "react";
import type { GameView } from "../../src/game/views";
import type { RoundResults } from "../../src/shared/events";
import type { Connection } from "../client/connection";
import { useConnection } from "../client/socket-context";
import type { Store } from "../client/store";

const wired = new WeakSet<Connection>();

function patch(store: Store, change: (game: GameView) => Partial<GameView>): void {
  const lobby = store.lobby.value;
  if (lobby?.gameState) store.lobby.value = { ...lobby, gameState: { ...lobby.gameState, ...change(lobby.gameState) } };
}

export function useDuelEvents(store: Store): void {
  const connection = useConnection().value;
  useEffect(() => {
    if (!connection || wired.has(connection)) return;
    wired.add(connection);
    connection.on("round-started", (p) => patch(store, () => ({ pairs: p.game.pairs ?? [] })));
    connection.on("duel-locked", (p) => {
      patch(store, (game) => ({
        pairs: game.currentRoundNumber === p.roundNumber ? game.pairs?.map((pair) => ({ ...pair, aLocked: pair.aLocked || pair.a === p.playerId, bLocked: pair.bLocked || pair.b === p.playerId })) : game.pairs,
      }));
      // The player's own lock, with what: only their phone hears it.
      if (p.answer === undefined || p.playerId !== store.meId.value) return;
      store.myLock.value = { answer: p.answer, isSteal: Boolean(p.isSteal), playerId: p.playerId };
      if (store.phase.value === "question") store.phase.value = "answered";
    });
    const standings = (p: RoundResults) => p.standings && patch(store, () => ({ standings: p.standings }));
    connection.on("round-results", standings);
    connection.on("round-overruled", standings);
  }, [connection, store]);
}
