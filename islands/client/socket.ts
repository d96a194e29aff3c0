// One socket.io connection per page, with the spec's settings; join-lobby on every connect.
import { io, type Socket } from "socket.io-client";

export function connectSocket(token: string): Socket {
  const socket = io({
    path: "/socket.io/",
    transports: ["websocket", "polling"],
    timeout: 10_000,
    reconnectionAttempts: 5,
    reconnectionDelay: 1_000,
    reconnectionDelayMax: 5_000,
  });
  socket.on("connect", () => socket.emit("join-lobby", { token }));
  socket.on("connect_error", (err) => console.error("socket connect error", err.message));
  socket.io.on("reconnect_failed", () => console.error("socket reconnect failed"));
  // Closing the page leaves the lobby's rooms; the seat stays for a refresh or a return.
  window.addEventListener("pagehide", () => {
    socket.emit("leave-lobby", { token });
    socket.disconnect();
  });
  return socket;
}
