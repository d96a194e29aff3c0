// The peer most Socket.IO party games run: socket.io 4 on Node with its default engine (the `ws`
// package), running the relay in socketio-relay.mjs.
// Usage: node bench/peers/node-socketio.mjs   (PORT, HOST from the environment; prints "listening on ...")
import { createServer } from "node:http";
import { createRequire } from "node:module";
import { relay } from "./socketio-relay.mjs";

// From the bench's own install (bench/common/socketio.ts), passed on as PEER_DEPS.
const { Server } = createRequire(`${process.env.PEER_DEPS}/`)("socket.io");
const port = Number(process.env.PORT ?? 0);
const host = process.env.HOST ?? "127.0.0.1";
const http = createServer();
const io = new Server(http, { serveClient: false, transports: ["websocket", "polling"], pingInterval: 20_000, pingTimeout: 15_000 });
relay(io);

http.listen(port, host, () => {
  const address = http.address();
  console.log(`listening on http://${host}:${typeof address === "object" && address ? address.port : port}`);
});
const stop = () => io.close(() => process.exit(0));
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
