// Room broadcasts through Bun's native pub/sub. socket.io's own broadcast runs JavaScript for every
// socket in a room (engine packet, string concat, one ws.send each). Here a lobby or team room is
// also a Bun topic: a broadcast is encoded once and handed to server.publish, which writes it to
// every subscriber natively, corked, in the same order as the socket's direct sends.
//
// Topic membership mirrors socket.io room membership exactly: the adapter's join-room and
// leave-room events subscribe and unsubscribe the socket's Bun WebSocket, and a socket that
// upgrades from polling subscribes to its rooms at the upgrade. A room member without a Bun
// WebSocket (still on polling) gets the event through socket.io instead, so who hears a broadcast
// is decided by room membership alone, as before.
import type { Server, Socket } from "socket.io";

/** The part of Bun's server this needs. */
export interface Publisher {
  publish(topic: string, data: string): unknown;
}

interface BunSocket {
  subscribe(topic: string): unknown;
  unsubscribe(topic: string): unknown;
}

const topic = (room: string) => `room:${room}`;

export class RoomFanout {
  private publisher: Publisher | null = null;

  /** `shared` picks the rooms worth a topic (lobby and team rooms, not per-player ones). */
  constructor(
    private readonly io: Server,
    private readonly shared: (room: string) => boolean,
  ) {
    const adapter = io.of("/").adapter;
    adapter.on("join-room", (room: string, id: string) => {
      if (shared(room)) this.bunSocket(io.sockets.sockets.get(id))?.subscribe(topic(room));
    });
    adapter.on("leave-room", (room: string, id: string) => {
      if (shared(room)) this.bunSocket(io.sockets.sockets.get(id))?.unsubscribe(topic(room));
    });
    io.on("connection", (socket) => {
      socket.conn.on("upgrade", () => {
        const ws = this.bunSocket(socket);
        if (ws) for (const room of socket.rooms) if (shared(room)) ws.subscribe(topic(room));
      });
    });
  }

  /** Once Bun's server exists; until then broadcasts go through socket.io. */
  attach(publisher: Publisher): void {
    this.publisher = publisher;
  }

  /** The socket's Bun WebSocket, when its transport is one (@socket.io/bun-engine's WS transport). */
  private bunSocket(socket: Socket | undefined): BunSocket | undefined {
    const transport = socket?.conn.transport as { name?: string; socket?: BunSocket } | undefined;
    return transport?.name === "websocket" ? transport.socket : undefined;
  }

  emit(room: string, event: string, payload: unknown): void {
    if (!this.publisher || !this.shared(room)) return void this.io.to(room).emit(event, payload);
    const members = this.io.sockets.adapter.rooms.get(room);
    if (!members) return;
    let subscribed = false;
    for (const id of members) {
      const socket = this.io.sockets.sockets.get(id);
      if (!socket) continue;
      if (this.bunSocket(socket)) subscribed = true;
      else socket.emit(event, payload);
    }
    // Engine.io "message" (4) carrying a socket.io EVENT (2) on the main namespace: what socket.io
    // itself writes for a JSON payload.
    if (subscribed) this.publisher.publish(topic(room), `42${JSON.stringify([event, payload])}`);
  }
}
