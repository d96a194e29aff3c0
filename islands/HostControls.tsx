// The host's game controls, together at the top of the game page so they are on a phone's first
// screen in every phase (docs/pages.md "The host runs the room"): Start Round or Next Round, Pause or
// Resume, Skip and +30 s while a question is open, End Game. Host only: the bar loads on demand inside
// that branch, so no other phone downloads it (docs/decisions.md, "The game page's JavaScript under
// its budget"). Not on the summary, whose Return to Lobby is the way on.
import { useSignals } from "@preact/signals-react/runtime";
import { lazy, Suspense } from "react";
import { useStore } from "./client/store";

const HostBar = lazy(() => import("./game/HostBar"));

export default function HostControls() {
  useSignals();
  const store = useStore();
  if (!store.isHost.value || !store.lobby.value?.gameState || store.phase.value === "summary") return null;
  return (
    <Suspense fallback={null}>
      <HostBar />
    </Suspense>
  );
}
