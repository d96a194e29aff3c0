// A reference, not a target (docs/bench.md "Method"): the Node peer's relay (socketio-relay.mjs) on
// socket.io 4 bound to Bun's WebSockets by @socket.io/bun-engine (unpatched), with
// no game, storage or auth: what socket.io's server side costs on Bun.
// Usage: bun bench/peers/bun-socketio.ts   (PORT, HOST from the environment; prints "listening on ...")
import { peerRequire } from "../common/socketio";
import { relay } from "./socketio-relay.mjs";

// Loaded from the bench's own install (PEER_DEPS), so untyped here.
const { Server: Engine } = peerRequire()("@socket.io/bun-engine");
const { Server } = peerRequire()("socket.io");

const io = new Server({ serveClient: false, transports: ["websocket", "polling"] });
const engine = new Engine({ path: "/socket.io/", pingInterval: 20_000, pingTimeout: 15_000 });
io.bind(engine as never);
relay(io);

const { websocket } = engine.handler();
const server = Bun.serve({
  port: Number(process.env.PORT ?? 0),
  hostname: process.env.HOST ?? "127.0.0.1",
  websocket,
  fetch: (request, srv) => engine.handleRequest(request, srv),
});
console.log(`listening on http://${server.hostname}:${server.port}`);
const stop = () => io.close(() => process.exit(0));
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
