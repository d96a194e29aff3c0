// The peer most Socket.IO party games run: socket.io 4 on Node with its default engine (the `ws`
// package). A client joins a room by name, and each chat line is broadcast to that room, sender
// included, the same fan-out Stealmate does for room chat. No REST, no storage, no auth.
// Usage: node bench/peers/node-socketio.mjs   (PORT, HOST from the environment; prints "listening on ...")
import { createServer } from "node:http";
import { Server } from "socket.io";

const port = Number(process.env.PORT ?? 0);
const host = process.env.HOST ?? "127.0.0.1";
const http = createServer();
const io = new Server(http, { serveClient: false, transports: ["websocket", "polling"], pingInterval: 20_000, pingTimeout: 15_000 });

io.on("connection", (socket) => {
  socket.on("join", (room, ack) => {
    if (typeof room !== "string") return;
    socket.data.room = room;
    socket.join(room);
    if (typeof ack === "function") ack({ ok: true });
  });
  socket.on("chat-message", (payload) => {
    const room = socket.data.room;
    if (!room || !payload || typeof payload.message !== "string") return;
    io.to(room).emit("chat-message", {
      message: payload.message,
      playerId: socket.id,
      playerName: socket.id,
      team: "blue",
      chatType: "game",
      timestamp: Date.now(),
    });
  });
});

http.listen(port, host, () => {
  const address = http.address();
  console.log(`listening on http://${host}:${typeof address === "object" && address ? address.port : port}`);
});
const stop = () => io.close(() => process.exit(0));
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
