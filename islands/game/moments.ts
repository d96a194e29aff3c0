// Moments of a round that more than one part of the page reacts to (announcements, sound cues).
import { effect } from "@preact/signals-react";
import type { Store } from "../client/store";
import { LAST_SECONDS, secondsLeft } from "./Timer";

/**
 * Calls `fn` once when an open round's countdown crosses into its last seconds, as it ticks (not
 * when a page opens on a round already that late). Read in an effect, never in render: a server
 * render that reads the clock is never cached. Returns the unsubscribe.
 */
export function onLastSeconds(store: Store, fn: () => void): () => void {
  let before = { endsAt: store.endsAt.peek(), left: secondsLeft(store.endsAt.peek(), store.now.peek()) };
  return effect(() => {
    const endsAt = store.endsAt.value;
    const left = secondsLeft(endsAt, store.now.value);
    const open = store.phase.value === "question" || store.phase.value === "answered";
    const crossed = open && endsAt === before.endsAt && before.left > LAST_SECONDS && left <= LAST_SECONDS && left > 0;
    before = { endsAt, left };
    if (crossed) fn();
  });
}
