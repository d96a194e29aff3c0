// What the whole room must know about the game's running (docs/pages.md "The host runs the room"), on
// every page and the TV: that the host paused it, and while the host is away, who takes over and when
// (game/HostAway.tsx, loaded only then). Nothing when no one would take over.
import { useSignals } from "@preact/signals-react/runtime";
import { lazy, Suspense } from "react";
import { useStore } from "./client/store";

const HostAway = lazy(() => import("./game/HostAway"));

export default function RoomStatus() {
  useSignals();
  const store = useStore();
  const lobby = store.lobby.value;
  const away = lobby?.hostAway;
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
