import ConnectionBar from "../../ConnectionBar";
import SoundToggle from "../../SoundToggle";
import TvStage from "../../TvStage";
import { hydrateIslands, islandsHydrated } from "../hydrate";
import { setPageConnection } from "../socket-context";
import { startWatching } from "../watch";
import { keepAwake } from "../wake-lock";

const store = hydrateIslands({ ConnectionBar, SoundToggle, TvStage });
void islandsHydrated.then(() => setPageConnection(startWatching(store)));
// A TV or laptop left on the shared screen must not dim mid-round.
keepAwake();
