// The fallback for networks that block WebSockets: server-sent events carry the server's frames, POSTs
// carry the client's, one frame each (docs/decisions.md "Realtime"). Same frames, same handlers, same
// rooms as a WebSocket:
//   GET  STREAM_PATH        opens a session: "event: session" with its id, then each frame as "data:",
//                           and at the end "event: close" with { code, reason } as a WebSocket's close.
//   POST STREAM_PATH/<id>   one frame as the body: 204 taken (any answer comes on the stream), 404 no
//                           such session, 413 over MAX_FRAME_BYTES (the session closes with 1009),
//                           400 when its ?lobby=CODE names another lobby than the session's.
// Both check the origin. The session id is the connection's secret: only its page has it.
import type { Server } from "bun";
import { readCapped } from "../access/capped-body";
import type { ClientAddress } from "../access/client-address";
import { originAllowed } from "../access/origin";
import { OTHER_LOBBY, routedLobby, routedTo } from "../access/routed-lobby";
import { CLOSE, MAX_FRAME_BYTES, STREAM_PATH } from "../shared/wire";
import type { Handlers } from "./handlers";
import { Peer } from "./peer";
import { BASIC_SECURITY_HEADERS } from "../pages/security-headers";
import { TOO_MANY_CONNECTIONS } from "./websocket";
import type { StreamTopics } from "./rooms";

const encoder = new TextEncoder();
const utf8 = new TextDecoder("utf-8", { fatal: true });

export class StreamPeer extends Peer {
  private controller: ReadableStreamDefaultController<Uint8Array> | null = null;
  private readonly topics = new Set<string>();

  constructor(
    readonly id: string,
    private readonly streams: StreamTopics,
    /** the transport's goodbye, once the stream is over */
    private readonly ended: (peer: StreamPeer) => void,
    /** bytes the stream may hold unread (QUEUED_BYTES_PER_CONNECTION): its queue's high-water mark */
    private readonly queuedBytes: number,
  ) {
    super();
  }

  start(controller: ReadableStreamDefaultController<Uint8Array>): void {
    this.controller = controller;
    this.write(`event: session\ndata: ${this.id}\n\n`);
  }

  private write(text: string): void {
    const controller = this.controller;
    if (!controller) return;
    try {
      controller.enqueue(encoder.encode(text));
    } catch {
      // The client went away between its cancel and this write: over() is on its way.
      return;
    }
    // Bun hands the queue to the socket only as fast as the client reads: past the cap it is not reading.
    if ((controller.desiredSize ?? 0) < 0) this.fallBehind();
  }

  send(frame: string): void {
    this.write(`data: ${frame}\n\n`);
  }
  subscribe(topic: string): void {
    this.topics.add(topic);
    this.streams.add(topic, this);
  }
  unsubscribe(topic: string): void {
    this.topics.delete(topic);
    this.streams.remove(topic, this);
  }
  protected end(code: number, reason: string): void {
    this.write(`event: close\ndata: ${JSON.stringify({ code, reason })}\n\n`);
    this.over();
  }
  /** Ended at once: error() drops what is queued (close() would keep it for a reader that never comes), and Bun logs no error without a reason. */
  drop(): void {
    try {
      this.controller?.error();
    } catch {
      // already closed by the client
    }
    this.over();
  }
  probe(): void {}
  backlog(): number {
    const room = this.controller?.desiredSize;
    return typeof room === "number" ? Math.max(0, this.queuedBytes - room) : 0;
  }

  /** The stream is over, closed by either side. */
  over(): void {
    if (!this.open) return;
    for (const topic of this.topics) this.streams.remove(topic, this);
    this.topics.clear();
    try {
      this.controller?.close();
    } catch {
      // already closed by the client
    }
    this.ended(this);
  }
}

export interface EventStreamDeps {
  handlers: Handlers;
  streams: StreamTopics;
  allowedOrigins: readonly string[];
  clientAddress: ClientAddress;
  /** headers of every answer (the node's name in a cluster, node-header.ts) */
  answerHeaders?: Record<string, string>;
  /** bytes a stream may hold unread (QUEUED_BYTES_PER_CONNECTION) */
  queuedBytes: number;
}

export function eventStreamTransport({ handlers, streams, allowedOrigins, clientAddress, answerHeaders, queuedBytes }: EventStreamDeps) {
  const sessions = new Map<string, StreamPeer>();
  const streamHeaders = { "content-type": "text/event-stream", "cache-control": "no-store", "x-accel-buffering": "no", ...BASIC_SECURITY_HEADERS, ...answerHeaders };
  const answer = (body: string | null, status: number) => new Response(body, { status, headers: answerHeaders });
  const ended = (peer: StreamPeer) => {
    sessions.delete(peer.id);
    handlers.gone(peer);
  };

  function open(request: Request, url: URL, server: Server<unknown>): Response {
    if (handlers.closing) return answer("Server is restarting", 503);
    const address = clientAddress(request, server);
    if (!handlers.admits(address)) return answer(TOO_MANY_CONNECTIONS, 429);
    // The stream is quiet between heartbeats; its liveness is the realtime server's to judge.
    server.timeout(request, 0);
    const peer = new StreamPeer(crypto.randomUUID(), streams, ended, queuedBytes);
    peer.address = address;
    peer.routed = routedLobby(url);
    sessions.set(peer.id, peer);
    const source: UnderlyingDefaultSource<Uint8Array> = {
      start(controller) {
        peer.start(controller);
        handlers.opened(peer);
      },
      // The client read some of the queue: a snapshot it was owed can go now.
      pull() {
        handlers.caughtUp(peer);
      },
      cancel() {
        peer.over();
      },
    };
    // Counted in bytes, so desiredSize says how much more the stream may hold unread.
    const body = new ReadableStream<Uint8Array>(source, { highWaterMark: queuedBytes, size: (chunk?: Uint8Array) => chunk?.byteLength ?? 0 });
    return new Response(body, { headers: streamHeaders });
  }

  async function receive(id: string, request: Request, url: URL): Promise<Response> {
    const peer = sessions.get(id);
    if (!peer) return answer("No such session", 404);
    // The session's lobby is the one it joined or watched, or, before that, the one its stream was opened for.
    const lobby = peer.code ?? peer.routed;
    if (lobby !== null && !routedTo(routedLobby(url), lobby)) return answer(OTHER_LOBBY, 400);
    const bytes = await readCapped(request, MAX_FRAME_BYTES);
    if (!bytes) {
      peer.close(CLOSE.tooBig, "Frame too big");
      return answer("Frame too big", 413);
    }
    let text: string | Uint8Array = bytes;
    try {
      text = utf8.decode(bytes);
    } catch {
      // Not UTF-8: handed on as bytes, which is a malformed frame.
    }
    handlers.frame(peer, text);
    return answer(null, 204);
  }

  return {
    /** Answers a request to STREAM_PATH or below it. */
    handle(request: Request, server: Server<unknown>): Response | Promise<Response> {
      if (!originAllowed(request, allowedOrigins)) return answer("Cross-site request refused", 403);
      const url = new URL(request.url);
      const path = url.pathname;
      if (request.method === "GET" && path === STREAM_PATH) return open(request, url, server);
      if (request.method === "POST" && path.startsWith(`${STREAM_PATH}/`)) return receive(path.slice(STREAM_PATH.length + 1), request, url);
      return answer("Not found", 404);
    },
  };
}
