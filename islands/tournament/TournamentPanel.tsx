// A Tournament's round panel on a player's page, in the Tournament's own bundle (docs/decisions.md
// "Tournament"). Its screens (TournamentScreens.tsx) are a chunk of their own, loaded once the page has
// its connection: after hydration, since a lazy component in the server's render would make the client
// throw that render away (React error 419). A Duel's screens, on which a player in a live match plays,
// are imported here and handed in, so the page holds every module a Duel's page does. The host's bar
// (Start or Next Round, Pause, Skip, +30 s, End Game: acting on every match) loads on demand for the
// host (HostControls.tsx), as on a Teams or a Duel's page.
import { useSignals } from "@preact/signals-react/runtime";
import { lazy, Suspense } from "react";
import { useConnection } from "../client/socket-context";
import { useStore } from "../client/store";
import HostControls from "../HostControls";
import DuelScreens from "../duels/DuelScreens";
import { useTournamentEvents } from "./tournament-events";

const TournamentScreens = lazy(() => import("./TournamentScreens"));

export default function TournamentPanel() {
  useSignals();
  const store = useStore();
  useTournamentEvents(store);
  const connected = useConnection().value !== null;
  const loading = <p className="muted">Loading the bracket...</p>;
  return (
    <>
      <HostControls />
      <section className="card panel" aria-label="Round">
        {connected ? (
          <Suspense fallback={loading}>
            <TournamentScreens screen="phone" duel={<DuelScreens />} />
          </Suspense>
        ) : (
          loading
        )}
      </section>
    </>
  );
}
