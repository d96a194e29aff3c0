// The round countdown: 'Time left: Ns' from the store's endsAt, standing still while the host has paused the game. It ticks the shared store.now once a
// second and stops at 0; rendering reads only signals, so the server's paint and the first client
// paint agree (both use the server's render time).
import { useSignals } from "@preact/signals-react/runtime";
import { useEffect } from "react";
import { useStore, type Store } from "../client/store";

export const TICK_MS = 1_000;
/** the round's last seconds: the timer turns red and screen readers hear it once */
export const LAST_SECONDS = 10;

export const secondsLeft = (endsAt: number | null, now: number) => (endsAt === null ? 0 : Math.max(0, Math.ceil((endsAt - now) / 1000)));

/** The round clock's "now": while the host has paused the game it stands at the pause's start, so the time left stays put. */
export const clockNow = (store: Store) => store.lobby.value?.gameState?.pausedAt ?? store.now.value;

export function Timer() {
  useSignals();
  const store = useStore();
  const endsAt = store.endsAt.value;
  const left = secondsLeft(endsAt, clockNow(store));
  const paused = Boolean(store.lobby.value?.gameState?.paused);

  useEffect(() => {
    if (endsAt === null) return;
    const tick = () => {
      store.now.value = Date.now();
      if (store.now.value >= endsAt) clearInterval(id);
    };
    const id = setInterval(tick, TICK_MS);
    return () => clearInterval(id);
  }, [endsAt, store]);

  return (
    <span role="timer" className={`timer${left <= LAST_SECONDS ? " low" : ""}${paused ? " paused" : ""}`}>
      {paused ? <span className="pause-icon" aria-hidden="true" /> : <span aria-hidden="true">◷ </span>}
      Time left: {left}s
    </span>
  );
}
