import { gameIslands } from "../../registry/game";
import { hydrateIslands, islandsHydrated } from "../hydrate";
import { startSession } from "../session";
import { setPageConnection } from "../socket-context";
import { computed } from "@preact/signals-react";
import { keepAwake } from "../wake-lock";

const store = hydrateIslands(gameIslands);
// The session fills in the viewer only after hydration, so the first render matches the server's.
void islandsHydrated.then(() => startSession(store)).then(setPageConnection);
// Screens stay awake until the game is over (the summary).
keepAwake(computed(() => store.phase.value !== "summary"));
