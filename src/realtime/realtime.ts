// The realtime server: Bun's WebSockets at WS_PATH and the server-sent events + POST fallback below
// STREAM_PATH, on the HTTP port, both speaking JSON frames [event, payload] (docs/contract.md "The wire").
// It keeps every connection alive or ends it: a heartbeat frame every HEARTBEAT_MS that pages watch
// for, and a ping to each WebSocket whose pong (or, on the fallback, whose answer to the heartbeat)
// must come within the silence limit, so a dead or half-open connection is noticed on both ends; and
// a connection must read: one that leaves what it was sent unread past the silence limit, or past
// the queued-bytes cap, is closed (docs/contract.md "Backpressure and liveness").
import type { Server } from "bun";
import type { ClientAddress } from "../access/client-address";
import type { Tokens } from "../access/tokens";
import type { LobbyService } from "../lobbies/service";
import { CLOSE, encodeFrame, HEARTBEAT_MS, silenceLimit } from "../shared/wire";
import { eventStreamTransport } from "./event-stream";
import { Handlers, type RealtimeLimits } from "./handlers";
import { Rooms } from "./rooms";
import { webSocketTransport, type WebSocketPeer } from "./websocket";

/** How long close() waits for connections to take their last frame before the listener stops. */
const CLOSE_WAIT_MS = 500;
/**
 * How often a slice of the connections is visited, so the heartbeat period has HEARTBEAT_MS / TICK_MS
 * slices (80). Each visit writes a frame and a ping to each connection of its slice, a syscall or two
 * each: for the bench's 2,000 connections, a visit of 250 (8 slices) took 5.6 ms at the median, once
 * a second, and delayed every line that came meanwhile (about half a percent of them, inside chat's
 * p99); a visit of 25 takes 0.3 ms (docs/bench.md "Where the tail comes from").
 */
const TICK_MS = 100;

export interface RealtimeDeps {
  service: LobbyService;
  tokens: Tokens;
  allowedOrigins: readonly string[];
  log: (line: string) => void;
  /** tests shorten it to see a silent connection go */
  heartbeatMs?: number;
  limits: RealtimeLimits;
  /** whose connection it is, for the per-address limits */
  clientAddress: ClientAddress;
  /** headers every realtime answer carries, the upgrade's 101 and the event stream included (the node's name in a cluster) */
  answerHeaders?: Record<string, string>;
}

export function createRealtime({ service, tokens, allowedOrigins, log, heartbeatMs = HEARTBEAT_MS, limits, clientAddress, answerHeaders }: RealtimeDeps) {
  const rooms = new Rooms();
  service.broadcaster = rooms;
  const handlers = new Handlers({ service, tokens, rooms, log, limits });
  const queuedBytes = limits.queuedBytesPerConnection;
  const webSocket = webSocketTransport({ handlers, allowedOrigins, clientAddress, upgradeHeaders: answerHeaders, queuedBytes });
  const eventStream = eventStreamTransport({ handlers, streams: rooms.streams, allowedOrigins, clientAddress, answerHeaders, queuedBytes });

  // Each connection is visited once every heartbeat: sent the heartbeat, pinged, or dropped when it has
  // been silent past the limit. The visits are spread over the period in slices, so no moment writes
  // to every connection at once (all 2,000 of the bench in one go: chat's max latency 65-68 ms; in 8
  // slices: 12-36 ms; see TICK_MS for the slices' size).
  const heartbeat = encodeFrame("heartbeat", {});
  const silence = silenceLimit(heartbeatMs);
  const slices = Math.max(1, Math.round(heartbeatMs / TICK_MS));
  let tick = 0;
  const beat = setInterval(() => {
    const slice = tick++ % slices;
    const now = Date.now();
    for (const peer of handlers.peers) {
      if (peer.serial % slices !== slice) continue;
      if (!peer.keepAlive(now, silence)) continue;
      // Connections count against their address's MAX_CONNECTIONS_PER_ADDRESS: one that joins or
      // watches nothing would keep a phone behind the same router out (docs/decisions.md
      // "Backpressure: a reader that stops reading").
      if (!peer.code && now - peer.openedAt > silence) {
        peer.close(CLOSE.done, "Join a lobby first");
        continue;
      }
      peer.send(heartbeat);
      peer.probe();
    }
  }, heartbeatMs / slices);
  beat.unref();

  return {
    websocket: webSocket.handler,
    upgrade: webSocket.upgrade,
    stream: eventStream.handle,
    /** Hands Bun's server to the rooms, so broadcasts use its native publish. */
    attach: (server: Server<WebSocketPeer>) => rooms.attach(server),
    /**
     * Every connection hears `server-restarting`, then is closed with 1012 (service restart), which
     * pages answer by reconnecting, and rejoining, once the server is back.
     */
    async close(): Promise<void> {
      handlers.closing = true;
      clearInterval(beat);
      const drained = handlers.drained();
      for (const peer of [...handlers.peers]) {
        peer.emit("server-restarting", {});
        peer.close(CLOSE.restart, "Server is restarting");
      }
      await Promise.race([drained, new Promise((resolve) => setTimeout(resolve, CLOSE_WAIT_MS).unref())]);
    },
  };
}
