// A chat line's JSON, made once: the store's row (sqlite-writes.ts, the cluster's redis-store.ts)
// and the frame everyone hears (realtime/rooms.ts) are the same text, so the line is encoded for the
// commit and the fan-out reuses it (docs/decisions.md "The chat line's allocations"). The line is
// the same object in both: effects and states are never changed once made, so its identity is its
// text's key. One line is remembered, the last: the fan-out follows its commit in the same turn.
import type { ChatMessage } from "../game/types";

let last: ChatMessage | null = null;
let lastJson = "";

export function chatJson(message: ChatMessage): string {
  if (message !== last) {
    lastJson = JSON.stringify(message);
    last = message;
  }
  return lastJson;
}
