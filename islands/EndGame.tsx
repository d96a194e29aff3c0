// The host's way out of a running game (docs/decisions.md "The game explains itself and forgives slips: the lobby, home page and host actions"), shown to the host only and not
// once the game is over: the summary's Return to Lobby is the way on from there. The control and its
// confirmation dialog load on demand inside that host-only branch, so no other phone downloads them
// (docs/decisions.md, "The game page's JavaScript under its budget").
import { useSignals } from "@preact/signals-react/runtime";
import { lazy, Suspense } from "react";
import { useStore } from "./client/store";

const EndGameControl = lazy(() => import("./game/EndGameControl"));

export default function EndGame() {
  useSignals();
  const store = useStore();
  const game = store.lobby.value?.gameState;
  if (!store.isHost.value || !game || game.phase === "complete" || store.phase.value === "summary") return null;
  return (
    <Suspense fallback={null}>
      <EndGameControl played={game.rounds.length} />
    </Suspense>
  );
}
