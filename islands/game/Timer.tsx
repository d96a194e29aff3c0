// The round countdown: 'Time left: Ns' from the store's endsAt. It ticks the shared store.now once a
// second and stops at 0; rendering reads only signals, so the server's paint and the first client
// paint agree (both use the server's render time).
import { useSignals } from "@preact/signals-react/runtime";
import { useEffect } from "react";
import { useStore } from "../client/store";

export const TICK_MS = 1_000;
/** the round's last seconds: the timer turns red and screen readers hear it once */
export const LAST_SECONDS = 10;

export const secondsLeft = (endsAt: number | null, now: number) => (endsAt === null ? 0 : Math.max(0, Math.ceil((endsAt - now) / 1000)));

export function Timer() {
  useSignals();
  const store = useStore();
  const endsAt = store.endsAt.value;
  const left = secondsLeft(endsAt, store.now.value);

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
    <span role="timer" className={`timer${left <= LAST_SECONDS ? " low" : ""}`}>
      <span aria-hidden="true">◷ </span>
      Time left: {left}s
    </span>
  );
}
