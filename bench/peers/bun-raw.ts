// The floor: a bare Bun.serve WebSocket relay with native topics. A client sends
// {"t":"join","room"} and gets {"t":"joined"}; each {"t":"chat","message"} is published to the
// room's topic, sender included (server.publish, not ws.publish which skips the sender).
// Usage: bun bench/peers/bun-raw.ts   (PORT, HOST from the environment; prints "listening on ...")
export {};
interface Seat {
  room?: string;
  id: string;
}

let next = 0;
const server = Bun.serve<Seat, never>({
  port: Number(process.env.PORT ?? 0),
  hostname: process.env.HOST ?? "127.0.0.1",
  fetch(request, srv) {
    if (srv.upgrade(request, { data: { id: `p${++next}` } })) return undefined;
    return new Response("websocket only", { status: 400 });
  },
  websocket: {
    idleTimeout: 60,
    message(ws, raw) {
      let msg: { t?: unknown; room?: unknown; message?: unknown };
      try {
        msg = JSON.parse(String(raw));
      } catch {
        return;
      }
      if (msg.t === "join" && typeof msg.room === "string") {
        ws.data.room = msg.room;
        ws.subscribe(msg.room);
        ws.send('{"t":"joined"}');
      } else if (msg.t === "chat" && typeof msg.message === "string" && ws.data.room) {
        const out = { t: "chat", message: msg.message, playerId: ws.data.id, playerName: ws.data.id, team: "blue", chatType: "game", timestamp: Date.now() };
        server.publish(ws.data.room, JSON.stringify(out));
      }
    },
  },
});

console.log(`listening on http://${server.hostname}:${server.port}`);
const stop = () => {
  server.stop(true);
  process.exit(0);
};
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
