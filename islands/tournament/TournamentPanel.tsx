// A Tournament's round panel on a player's page, in the Tournament's own bundle (docs/decisions.md
// "Tournament"). Its screens (TournamentScreens.tsx) are a chunk of their own, so the page's JavaScript
// stays within its budget, loaded once the page has its connection: after hydration, since a lazy
// component in the server's render would make the client throw that render away (React error 419).
// A Duel's screens, on which a player in a live match plays, are imported here and handed in: the page
// then holds every module a Duel's page does, and the bundler splits the pages' shared code as before.
// The host's End Game comes with it, as a Duel's does (duels/DuelPanel.tsx).
import { useSignals } from "@preact/signals-react/runtime";
import { lazy, Suspense } from "react";
import { useConnection } from "../client/socket-context";
import { useStore } from "../client/store";
import DuelScreens from "../duels/DuelScreens";

const TournamentScreens = lazy(() => import("./TournamentScreens"));
const EndGameControl = lazy(() => import("../game/EndGameControl"));

export default function TournamentPanel() {
  useSignals();
  const store = useStore();
  const connected = useConnection().value !== null;
  const game = store.lobby.value?.gameState;
  const running = store.isHost.value && game && game.phase !== "complete" && store.phase.value !== "summary";
  const loading = <p className="muted">Loading the bracket...</p>;
  return (
    <>
      <section className="card panel" aria-label="Round">
        {connected ? (
          <Suspense fallback={loading}>
            <TournamentScreens screen="phone" duel={<DuelScreens screen="phone" />} />
          </Suspense>
        ) : (
          loading
        )}
      </section>
      {running && (
        <Suspense fallback={null}>
          <EndGameControl played={game.rounds.length} />
        </Suspense>
      )}
    </>
  );
}
