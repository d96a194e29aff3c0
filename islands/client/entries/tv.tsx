import { tvIslands } from "../../registry/tv";
import { hydrateIslands, islandsHydrated } from "../hydrate";
import { setPageConnection } from "../socket-context";
import { startWatching } from "../watch";
import { keepAwake } from "../wake-lock";

const store = hydrateIslands(tvIslands);
void islandsHydrated.then(() => setPageConnection(startWatching(store)));
// A TV or laptop left on the shared screen must not dim mid-round.
keepAwake();
