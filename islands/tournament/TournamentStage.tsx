// A Tournament's stage on the shared screen (/tv/CODE), in the Tournament's own TV bundle: before a game
// who has come (the bracket is drawn at the start), then its screens (TournamentScreens.tsx, a chunk
// of their own): the bracket as it fills, the final full-screen, the champion.
import { useSignals } from "@preact/signals-react/runtime";
import { lazy, Suspense } from "react";
import { useConnection } from "../client/socket-context";
import { useStore } from "../client/store";
import DuelScreens from "../duels/DuelScreens";
import DuelTvRound from "../duels/DuelTvRound";
import { useTournamentEvents } from "./tournament-events";

/** Loaded once the page has its connection, as on a player's page (TournamentPanel.tsx says why). */
const TournamentScreens = lazy(() => import("./TournamentScreens"));

export default function TournamentStage() {
  useSignals();
  const store = useStore();
  useTournamentEvents(store);
  const lobby = store.lobby.value;
  const connected = useConnection().value !== null;
  if (!lobby) return null;
  if (lobby.gameState) {
    return (
      <section className="card panel tv-panel" aria-label="Round">
        {connected && (
          <Suspense fallback={null}>
            <TournamentScreens screen="tv" duel={<DuelScreens tvRound={<DuelTvRound />} />} />
          </Suspense>
        )}
      </section>
    );
  }
  const players = lobby.players ?? [];
  return (
    <section className="tv-lobby card stack center" aria-label="Entrants">
      <h2 className="big">Waiting for the host to start the Tournament...</h2>
      <p className="muted">{`${players.length} entrants; the bracket is drawn at random when the game starts.`}</p>
      <p className="entrants">
        {players.map((p) => (
          <bdi key={p.id} className={p.connected ? "entrant" : "entrant off"}>
            {p.name}
          </bdi>
        ))}
      </p>
    </section>
  );
}
