// What the whole room must know about the game's running (docs/pages.md "The host runs the room"), on
// every page and the TV: that the host paused it, and while the host is away, who takes over and
// when, counting down ("Dana is away. Ana becomes host in 25 s unless Dana is back"). Nothing when no
// one would take over, or before the page knows its lobby.
import { useSignals } from "@preact/signals-react/runtime";
import { useEffect, useState } from "react";
import type { HostAwayView } from "../src/game/views";
import { useStore } from "./client/store";

const TICK_MS = 1_000;

function HostAway({ away, me }: { away: HostAwayView; me: string | null }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = setInterval(() => setNow(Date.now()), TICK_MS);
    return () => clearInterval(id);
  }, [away.at]);
  const left = Math.max(0, Math.ceil((away.at - now) / 1000));
  const heir = away.successor.id === me ? "You become" : <><bdi>{away.successor.name}</bdi> becomes</>;
  return (
    <p className="room-status away">
      <bdi>{away.host}</bdi> is away. {heir} host in <span role="timer">{left} s</span> unless <bdi>{away.host}</bdi> is back
    </p>
  );
}

export default function RoomStatus() {
  useSignals();
  const store = useStore();
  const lobby = store.lobby.value;
  const paused = Boolean(lobby?.gameState?.paused) && store.phase.value !== "summary";
  const away = lobby?.hostAway;
  return (
    // One live region for both: a screen reader hears the pause, and the hand-off once, not every second of its countdown.
    <div className="room-status-wrap" role="status">
      {paused && (
        <p className="room-status paused">
          <span className="pause-icon" aria-hidden="true" />
          Paused by the host
        </p>
      )}
      {away && <HostAway away={away} me={store.meId.value} />}
    </div>
  );
}
