// The page's status line (docs/pages.md "Staying connected"): says within moments that the connection
// is lost and when it is back, offers to take the seat back from another tab, and carries passing
// notices (a new host). Fixed to the top, so appearing never shifts the page under a thumb.
import { useSignals } from "@preact/signals-react/runtime";
import { useEffect, useRef, useState } from "react";
import type { LinkState } from "./client/connection";
import { useConnection } from "./client/socket-context";
import { useStore } from "./client/store";

/** A first connection slower than this is worth mentioning; a quick one is not. */
const SLOW_CONNECT_MS = 3_000;
const BACK_ONLINE_MS = 3_000;

export default function ConnectionBar() {
  useSignals();
  const store = useStore();
  const connection = useConnection().value;
  const state: LinkState = connection?.state.value ?? "connecting";
  const [slow, setSlow] = useState(false);
  const [back, setBack] = useState(false);
  const was = useRef<LinkState>(state);

  useEffect(() => {
    const id = setTimeout(() => setSlow(true), SLOW_CONNECT_MS);
    return () => clearTimeout(id);
  }, []);
  useEffect(() => {
    const lost = was.current === "offline" || was.current === "replaced";
    was.current = state;
    if (state !== "online" || !lost) return;
    setBack(true);
    const id = setTimeout(() => setBack(false), BACK_ONLINE_MS);
    return () => clearTimeout(id);
  }, [state]);

  let text: string | null = null;
  let action: { label: string; run: () => void } | null = null;
  let tone = "info";
  if (state === "offline") {
    tone = "warn";
    text = typeof navigator !== "undefined" && navigator.onLine === false ? "You are offline. Waiting for the network to come back..." : "Connection lost. Reconnecting...";
    if (connection) action = { label: "Retry now", run: connection.retryNow };
  } else if (state === "replaced") {
    tone = "warn";
    text = "This game is open in another tab or device.";
    if (connection) action = { label: "Play here", run: connection.takeOver };
  } else if (state === "connecting" && slow) text = "Connecting...";
  else if (back) text = "Back online";
  else if (store.notice.value) text = store.notice.value;

  return (
    // data-state: the connection's state as a hook for tests ("starting" until the session opens it).
    <div className={`status-bar ${tone}${text ? " shown" : ""}`} role="status" aria-live="polite" data-state={connection ? state : "starting"}>
      {text && <span>{text}</span>}
      {text && action && (
        <button type="button" className="small" onClick={action.run}>
          {action.label}
        </button>
      )}
    </div>
  );
}
