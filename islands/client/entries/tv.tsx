import { tvIslands } from "../../registry/tv";
import { hydrateIslands, islandsHydrated } from "../hydrate";
import { setPageConnection } from "../socket-context";
import { startWatching } from "../watch";
import { computed } from "@preact/signals-react";
import { keepAwake } from "../wake-lock";

const store = hydrateIslands(tvIslands);
void islandsHydrated.then(() => setPageConnection(startWatching(store)));
// A TV or laptop left on the shared screen must not dim mid-round, nor in the lobby while people scan
// its code; it may once a game's summary is up, until the next game.
keepAwake(computed(() => store.phase.value !== "summary"));
