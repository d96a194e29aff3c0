// A Tournament's round panel on a player's page, in the Tournament's own bundle (docs/decisions.md
// "Tournament"). Its screens (TournamentScreens.tsx) are a chunk of their own, so the page's JavaScript
// stays within its budget, loaded once the page has its connection: after hydration, since a lazy
// component in the server's render would make the client throw that render away (React error 419).
// A Duel's screens, on which a player in a live match plays, are imported here and handed in: the page
// then holds every module a Duel's page does, and the bundler splits the pages' shared code as before.
// The host's controls (End Game among them) are the host's bar above it, acting on every match.
import { useSignals } from "@preact/signals-react/runtime";
import { lazy, Suspense } from "react";
import { useConnection } from "../client/socket-context";
import { useStore } from "../client/store";
import DuelScreens from "../duels/DuelScreens";
import { useTournamentEvents } from "./tournament-events";

const TournamentScreens = lazy(() => import("./TournamentScreens"));

export default function TournamentPanel() {
  useSignals();
  useTournamentEvents(useStore());
  const connected = useConnection().value !== null;
  const loading = <p className="muted">Loading the bracket...</p>;
  return (
    <section className="card panel" aria-label="Round">
      {connected ? (
        <Suspense fallback={loading}>
          <TournamentScreens screen="phone" duel={<DuelScreens screen="phone" />} />
        </Suspense>
      ) : (
        loading
      )}
    </section>
  );
}
