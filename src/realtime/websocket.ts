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
    // 0: past the queued-bytes cap, so Bun has dropped the frame and is closing the socket (handler below).
    if (this.ws?.send(frame) === 0) this.fallBehind();
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
  backlog(): number {
    const bytes = this.ws?.getBufferedAmount() ?? 0;
    this.behind = bytes > 0;
    return bytes;
  }
  /**
   * A frame shows the client writes, not that it reads: its pong does, as the ping waits behind
   * everything sent before it (docs/contract.md "Backpressure and liveness"). It is a moment to
   * see whether the client has read what it was sent, though.
   */
  override heard(): void {
    this.backlog();
  }
  /** whether bytes were waiting unread when last looked at */
  private behind = false;

  /**
   * Bun closed the socket. Past the cap it does so itself, as 1006 like any connection lost without
   * a closing handshake: one with bytes left unread when last looked at is counted as fallen behind.
   */
  closed(code: number): void {
    if (code === 1006 && this.behind) this.fellBehind = true;
  }
}

export interface WebSocketDeps {
  handlers: Handlers;
  allowedOrigins: readonly string[];
  clientAddress: ClientAddress;
  /** headers of the upgrade's 101 (the node's name in a cluster, node-header.ts) */
  upgradeHeaders?: Record<string, string>;
  /** bytes a socket may have queued unread (QUEUED_BYTES_PER_CONNECTION) */
  queuedBytes: number;
}

export function webSocketTransport({ handlers, allowedOrigins, clientAddress, upgradeHeaders, queuedBytes }: WebSocketDeps) {
  const handler: WebSocketHandler<WebSocketPeer> = {
    maxPayloadLength: MAX_FRAME_BYTES,
    // A socket past this many unread bytes is closed by Bun itself, broadcasts included, which no
    // JavaScript sees per socket (docs/contract.md "Backpressure and liveness"): its page reconnects
    // and resumes from a snapshot. Bun's default is 16 MiB a socket, kept however long it stalls.
    backpressureLimit: queuedBytes,
    closeOnBackpressureLimit: true,
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
    drain(ws) {
      handlers.caughtUp(ws.data);
    },
    close(ws, code) {
      ws.data.closed(code);
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
