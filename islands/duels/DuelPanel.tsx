// A Duel's round panel on a player's page: the island a Duel's game page marks where Teams' has its
// GamePanel and ScoreBoard (src/pages/Game.tsx), in the Duel's own bundle (docs/decisions.md "Duels").
// The host's bar (Start or Next Round, Pause, Skip, +30 s, End Game) is Teams' HostControls, which
// loads it on demand for the host alone; a Duel's pages are a build of their own, so sharing it
// changes nothing in the Teams page's bundle. A phase change moves focus and is announced as on
// Teams' page (game/PhaseChange.tsx), in a Duel's words (duel-news.ts).
import { useSignals } from "@preact/signals-react/runtime";
import { useStore } from "../client/store";
import { PhaseChange } from "../game/PhaseChange";
import HostControls from "../HostControls";
import { duelNews } from "./duel-news";
import DuelScreens from "./DuelScreens";

export default function DuelPanel() {
  useSignals();
  const phase = useStore().phase.value;
  return (
    <>
      <HostControls />
      <section className="card panel" aria-label="Round">
        <DuelScreens />
        <PhaseChange phase={phase} news={duelNews} />
      </section>
    </>
  );
}
