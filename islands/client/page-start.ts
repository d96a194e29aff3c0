// How a game page and a party screen start, whichever mode's islands they hold (entries/game.tsx and
// entries/tv.tsx for Teams, entries/duel-game.tsx and entries/duel-tv.tsx for a Duel): hydrate the
// page's registry, then the session or the watching, and keep the screen awake until the summary.
import { computed } from "@preact/signals-react";
import { hydrateIslands, islandsHydrated } from "./hydrate";
import type { IslandRegistry } from "./marker";
import { startSession } from "./session";
import { setPageConnection } from "./socket-context";
import { keepAwake } from "./wake-lock";
import { startWatching } from "./watch";

export function startGamePage(islands: IslandRegistry): void {
  const store = hydrateIslands(islands);
  // The session fills in the viewer only after hydration, so the first render matches the server's.
  void islandsHydrated.then(() => startSession(store)).then(setPageConnection);
  // Screens stay awake until the game is over (the summary).
  keepAwake(computed(() => store.phase.value !== "summary"));
}

export function startTvPage(islands: IslandRegistry): void {
  const store = hydrateIslands(islands);
  void islandsHydrated.then(() => setPageConnection(startWatching(store)));
  // A TV or laptop left on the shared screen must not dim mid-round, nor in the lobby while people scan
  // its code; it may once a game's summary is up, until the next game.
  keepAwake(computed(() => store.phase.value !== "summary"));
}
