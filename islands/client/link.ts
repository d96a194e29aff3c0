// One connection to the server's realtime endpoint, over a WebSocket or, where WebSockets are
// blocked, over the fallback: server-sent events in, one POST per frame out (stream-link.ts,
// docs/decisions.md "Realtime"). Both carry the same JSON frames and end the same way, with a
// WebSocket close code. No reconnection here: connection.ts decides when to try again. Runs in
// browsers and in Bun (the tests, the soak and the chaos suite drive the server through it).
import { decodeFrame, WS_PATH } from "../../src/shared/wire";
import { streamLink } from "./stream-link";

export type LinkKind = "websocket" | "stream";

export interface LinkEvents {
  open(): void;
  frame(event: string, payload: unknown): void;
  /** once, however the link ended (not after close()): the close code, none when it just broke */
  closed(code?: number): void;
}

export interface Link {
  /** Sends one encoded frame; ignored unless open. */
  send(frame: string): void;
  /** Ends the link from this side; `closed` is not called. */
  close(): void;
}

/**
 * `base` is the server's http(s) origin. `headers` are sent by Bun only (tests set an Origin); a
 * browser sends its own. `query`, the lobby's `lobbyQuery(code)`, goes on every request of the link,
 * so a proxy sends them all to the lobby's node (docs/cluster.md "Routing").
 */
export function openLink(kind: LinkKind, base: string, on: LinkEvents, headers?: Record<string, string>, query = ""): Link {
  return (kind === "websocket" ? webSocketLink : streamLink)(base, on, headers, query);
}

function webSocketLink(base: string, on: LinkEvents, headers: Record<string, string> | undefined, query: string): Link {
  let ws: WebSocket;
  try {
    // Bun takes headers in the second argument, which in a browser (where it is undefined) names subprotocols.
    ws = new WebSocket(base.replace(/^http/, "ws") + WS_PATH + query, headers && ({ headers } as never));
  } catch {
    // A browser policy or a blocked port can make the constructor throw: that is a link that could
    // not open, told after the caller holds it, so the fallback follows as after a refused upgrade.
    let dropped = false;
    queueMicrotask(() => dropped || on.closed());
    return { send() {}, close: () => void (dropped = true) };
  }
  ws.onopen = () => on.open();
  ws.onmessage = (e) => {
    const frame = decodeFrame(String(e.data));
    if (frame.ok) on.frame(frame.event, frame.payload);
  };
  ws.onclose = (e) => on.closed(e.code);
  return {
    send: (frame) => void (ws.readyState === 1 && ws.send(frame)),
    close() {
      // Nothing more is heard from it, its close included.
      ws.onopen = ws.onmessage = ws.onclose = null;
      ws.close();
    },
  };
}
