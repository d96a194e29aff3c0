// One client connection as the realtime handlers see it, whichever transport carries it: a WebSocket
// (websocket.ts) or the fallback's event stream and POSTs (event-stream.ts).
import type { ServerEvent, ServerEvents } from "../shared/events";
import { encodeFrame } from "../shared/wire";
import type { FloodGuard } from "./flood-guard";

let opened = 0;

export abstract class Peer {
  /** this connection's number, in the order they opened */
  readonly serial = opened++;
  /** the lobby and player this connection speaks for, once a join-lobby was accepted */
  code: string | undefined;
  playerId: string | undefined;
  /** the client's IP address, which the per-address budgets count against */
  address = "unknown";
  /** the lobby the connection's address named (?lobby=CODE), which its join or watch must be for; null when none */
  routed: string | null = null;
  /** snapshots this connection may ask for (SNAPSHOTS_PER_MIN), set once it is open */
  snapshots: FloodGuard | null = null;
  /** when it opened: one still in no lobby a silence limit later is closed, so it holds no place of its address's */
  readonly openedAt = Date.now();
  /** when the client was last heard from: a pong; on the fallback, a frame */
  lastHeard = Date.now();
  /** when the server last held nothing unread for it: the client was reading (docs/contract.md "Backpressure and liveness") */
  caughtUp = Date.now();
  /** closed for not reading what it was sent; counted once it is gone */
  fellBehind = false;
  /** a snapshot asked for while it had not read what came before: sent, once and current, when it has */
  snapshotOwed = false;
  /** Set while a join-lobby's token is checked: later frames wait for it, so they are handled in order. */
  queue: Promise<void> | null = null;
  /** false once the transport has reported the connection gone */
  open = true;
  /** set once the server has decided to close it: nothing more it sends is handled */
  private closing = false;

  /** Open, and not on its way out: its frames are handled. */
  get live(): boolean {
    return this.open && !this.closing;
  }

  abstract send(frame: string): void;
  abstract subscribe(topic: string): void;
  abstract unsubscribe(topic: string): void;
  /** The transport's own closing, once. */
  protected abstract end(code: number, reason: string): void;

  /** Ends the connection, telling the client why (a close code of shared/wire.ts CLOSE). */
  close(code: number, reason: string): void {
    if (this.closing) return;
    this.closing = true;
    this.end(code, reason);
  }
  /** Ends a connection that has gone silent, without waiting for a closing handshake it cannot answer. */
  abstract drop(): void;
  /** Asks the client to show it is there: a WebSocket ping. (The fallback's client answers heartbeats.) */
  abstract probe(): void;
  /** Bytes sent to this connection that the server still holds: what the client has not read. */
  abstract backlog(): number;

  /** A frame came in. On the fallback that is its sign of life; a WebSocket's is its pong (see WebSocketPeer). */
  heard(now: number): void {
    this.lastHeard = now;
  }

  /** Ends a connection that does not read what it is sent, dropping what is queued for it. */
  protected fallBehind(): void {
    this.fellBehind = true;
    this.drop();
  }

  /**
   * Whether the client has shown, within `silence` ms, that it is there and reading; if not, it is
   * dropped. Answering while never reading is not alive: it must also have caught up with what the
   * server sent within that time (docs/contract.md "Backpressure and liveness").
   */
  keepAlive(now: number, silence: number): boolean {
    if (this.backlog() === 0) this.caughtUp = now;
    else if (now - this.caughtUp > silence) {
      this.fallBehind();
      return false;
    }
    if (now - this.lastHeard <= silence) return true;
    this.drop();
    return false;
  }

  emit<E extends ServerEvent>(event: E, payload: ServerEvents[E]): void {
    this.send(encodeFrame(event, payload));
  }
}
