// A Duel's round panel on a player's page: the island a Duel's game page marks where Teams' has its
// GamePanel and ScoreBoard (src/pages/Game.tsx), in the Duel's own bundle (docs/decisions.md "Duels").
// The host's End Game is Teams' control, loaded on demand as Teams' EndGame island loads it: the
// island itself is not shared, so the Teams page's bundle splits no differently for a Duel's.
import { useSignals } from "@preact/signals-react/runtime";
import { lazy, Suspense } from "react";
import { useStore } from "../client/store";
import DuelScreens from "./DuelScreens";

const EndGameControl = lazy(() => import("../game/EndGameControl"));

export default function DuelPanel() {
  useSignals();
  const store = useStore();
  const game = store.lobby.value?.gameState;
  const running = store.isHost.value && game && game.phase !== "complete" && store.phase.value !== "summary";
  return (
    <>
      <section className="card panel" aria-label="Round">
        <DuelScreens screen="phone" />
      </section>
      {running && (
        <Suspense fallback={null}>
          <EndGameControl played={game.rounds.length} />
        </Suspense>
      )}
    </>
  );
}
