// A Duel's round panel on a player's page: the island a Duel's game page marks where Teams' has its
// GamePanel and ScoreBoard (src/pages/Game.tsx), in the Duel's own bundle (docs/decisions.md "Duels").
// The host's bar (Start or Next Round, Pause, Skip, +30 s, End Game) is Teams' own, loaded on demand
// for the host as Teams' HostControls island loads it: that island itself is not shared, so the Teams
// page's bundle splits no differently for a Duel's.
import { useSignals } from "@preact/signals-react/runtime";
import { lazy, Suspense } from "react";
import { useStore } from "../client/store";
import DuelScreens from "./DuelScreens";

const HostBar = lazy(() => import("../game/HostBar"));

export default function DuelPanel() {
  useSignals();
  const store = useStore();
  const host = store.isHost.value && store.lobby.value?.gameState && store.phase.value !== "summary";
  return (
    <>
      {host && (
        <Suspense fallback={null}>
          <HostBar />
        </Suspense>
      )}
      <section className="card panel" aria-label="Round">
        <DuelScreens screen="phone" />
      </section>
    </>
  );
}
