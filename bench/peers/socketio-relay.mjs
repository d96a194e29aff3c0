// The relay both socket.io peers run, the way most Socket.IO party games do it: a client joins a
// room by name (acked), and each chat line is broadcast to that room, sender included, the same
// fan-out Stealmate does for room chat. No REST, no storage, no auth.
/** @param {import("socket.io").Server} io */
export function relay(io) {
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
}
