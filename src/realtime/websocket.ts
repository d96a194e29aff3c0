// The WebSocket transport: Bun's own, on the HTTP port at WS_PATH. The origin is checked at the
// upgrade; Bun enforces the frame limit (closing with 1009) and refuses invalid UTF-8 (1007) itself.
import type { Server, ServerWebSocket, WebSocketHandler } from "bun";
import type { ClientAddress } from "../access/client-address";
import { originAllowed } from "../access/origin";
import { routedLobby } from "../access/routed-lobby";
import { MAX_FRAME_BYTES } from "../shared/wire";
import type { Handlers } from "./handlers";
import { Peer } from "./peer";

/** An address at MAX_CONNECTIONS_PER_ADDRESS (docs/decisions.md "Keeping strangers out"). */
export const TOO_MANY_CONNECTIONS = "Too many connections from this address";

export class WebSocketPeer extends Peer {
  ws: ServerWebSocket<WebSocketPeer> | null = null;

  send(frame: string): void {
    this.ws?.send(frame);
  }
  subscribe(topic: string): void {
    this.ws?.subscribe(topic);
  }
  unsubscribe(topic: string): void {
    this.ws?.unsubscribe(topic);
  }
  protected end(code: number, reason: string): void {
    this.ws?.close(code, reason);
  }
  drop(): void {
    this.ws?.terminate();
  }
  probe(): void {
    this.ws?.ping();
  }
}

export interface WebSocketDeps {
  handlers: Handlers;
  allowedOrigins: readonly string[];
  clientAddress: ClientAddress;
  /** headers of the upgrade's 101 (the node's name in a cluster, node-header.ts) */
  upgradeHeaders?: Record<string, string>;
}

export function webSocketTransport({ handlers, allowedOrigins, clientAddress, upgradeHeaders }: WebSocketDeps) {
  const handler: WebSocketHandler<WebSocketPeer> = {
    maxPayloadLength: MAX_FRAME_BYTES,
    // Liveness is the realtime server's own (realtime.ts pings and counts the pongs): Bun's idle
    // timer restarts on every send, so a dead socket in a chatty lobby would never time out.
    idleTimeout: 0,
    sendPings: false,
    open(ws) {
      ws.data.ws = ws;
      handlers.opened(ws.data);
    },
    message(ws, message) {
      handlers.frame(ws.data, typeof message === "string" ? message : new Uint8Array(message));
    },
    pong(ws) {
      ws.data.lastHeard = Date.now();
    },
    close(ws) {
      handlers.gone(ws.data);
    },
  };

  return {
    handler,
    /** Answers a request to WS_PATH: upgraded (undefined), or refused with a status. */
    upgrade(request: Request, server: Server<WebSocketPeer>): Response | undefined {
      if (!originAllowed(request, allowedOrigins)) return new Response("Cross-site connection refused", { status: 403 });
      if (handlers.closing) return new Response("Server is restarting", { status: 503 });
      const peer = new WebSocketPeer();
      peer.address = clientAddress(request, server);
      if (!handlers.admits(peer.address)) return new Response(TOO_MANY_CONNECTIONS, { status: 429 });
      peer.routed = routedLobby(new URL(request.url));
      if (server.upgrade(request, { data: peer, headers: upgradeHeaders })) return undefined;
      return new Response("Expected a WebSocket upgrade", { status: 426 });
    },
  };
}
