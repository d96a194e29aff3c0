// A stand-in for a node behind HAProxy, so the routing tests check deploy/haproxy.cfg on its own:
// it answers /healthz, names itself (NODE_ID) in X-Stealmate-Node on every answer, accepts a
// WebSocket and says its name as the first message, keeps /ws/stream open as an event stream, and
// at /stub/echo tells what it was started with and the X-Forwarded-For it was sent.
import { STREAM_PATH, WS_PATH } from "../../src/shared/wire";

const id = process.env.NODE_ID ?? "";
const named = { "x-stealmate-node": id };

Bun.serve({
  hostname: process.env.HOST,
  port: Number(process.env.PORT),
  // The stream is held open by the test for as long as it needs.
  idleTimeout: 0,
  fetch(request, server) {
    const { pathname } = new URL(request.url);
    if (pathname === WS_PATH && server.upgrade(request, { headers: named })) return undefined;
    if (pathname === STREAM_PATH) {
      const body = new ReadableStream({ start: (stream) => stream.enqueue(`data: ${id}\n\n`) });
      return new Response(body, { headers: { ...named, "content-type": "text/event-stream" } });
    }
    if (pathname === "/stub/echo") {
      const env = Object.fromEntries(["REDIS_URL", "JWT_SECRET", "TRUSTED_PROXIES", "DATA_DIR", "NODE_ENV", "STUB_EXTRA"].map((name) => [name, process.env[name] ?? null]));
      return Response.json({ env, forwardedFor: request.headers.get("x-forwarded-for") }, { headers: named });
    }
    return new Response(id, { headers: named });
  },
  websocket: {
    open(ws) {
      ws.send(id);
    },
    message() {},
  },
});
