// A Tournament's round panel on a player's page, in the Tournament's own bundle (docs/decisions.md
// "Tournament"): its screens load as a chunk of their own, so the page's JavaScript stays within its
// budget; the host's End Game comes with it, as a Duel's does (duels/DuelPanel.tsx).
import { useSignals } from "@preact/signals-react/runtime";
import { lazy, Suspense } from "react";
import { useStore } from "../client/store";
import { LazyScreens } from "./LazyScreens";
const EndGameControl = lazy(() => import("../game/EndGameControl"));

export default function TournamentPanel() {
  useSignals();
  const store = useStore();
  const game = store.lobby.value?.gameState;
  const running = store.isHost.value && game && game.phase !== "complete" && store.phase.value !== "summary";
  return (
    <>
      <section className="card panel" aria-label="Round">
        <LazyScreens screen="phone" />
      </section>
      {running && (
        <Suspense fallback={null}>
          <EndGameControl played={game.rounds.length} />
        </Suspense>
      )}
    </>
  );
}
