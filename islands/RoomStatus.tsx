// What the whole room must know about the game's running (docs/pages.md "The host runs the room"), on
// every page and the TV: that the host paused it, and while the host is away, who takes over and when
// (game/HostAway.tsx, loaded only then). Nothing when no one would take over. The countdown is drawn
// once the page runs, never by the server's render or the first client render: renderToString cannot
// wait for its chunk, and a page served while the host is away (after a restart, or a lobby's move to
// another node) failed its hydration on it (React error #419).
import { useSignals } from "@preact/signals-react/runtime";
import { lazy, Suspense, useEffect, useState } from "react";
import { useStore } from "./client/store";

const HostAway = lazy(() => import("./game/HostAway"));

export default function RoomStatus() {
  useSignals();
  const store = useStore();
  const [running, setRunning] = useState(false);
  useEffect(() => setRunning(true), []);
  const lobby = store.lobby.value;
  const away = running && lobby?.hostAway;
  return (
    // One live region for both: a screen reader hears the pause, and the hand-off once, not every second of its countdown.
    <div className="room-status-wrap" role="status">
      {lobby?.gameState?.paused && store.phase.value !== "summary" && (
        <p className="room-status paused">
          <span className="pause-icon" aria-hidden="true" />
          Paused by the host
        </p>
      )}
      {away && (
        <Suspense fallback={null}>
          <HostAway away={away} me={store.meId.value} />
        </Suspense>
      )}
    </div>
  );
}
