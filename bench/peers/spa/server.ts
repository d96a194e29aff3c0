// The single-page build's server: its index.html for every page route, its hashed assets
// (pre-compressed, cached for a year, as Stealmate serves its bundles), and the rest (/api, the
// WebSocket, the logo) passed through to the Stealmate under test, so the app is same-origin as it
// would be behind one host. (The fallback's event stream is not passed through: Chromium has
// WebSockets.) Loopback only.
//
// env: SPA_DIR (index.html, index.html.gz, assets/), UPSTREAM (http://127.0.0.1:PORT), PORT
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { ServerWebSocket } from "bun";
import { WS_PATH } from "../../../src/shared/wire";

const dir = process.env.SPA_DIR!;
const upstream = new URL(process.env.UPSTREAM!);
const index = readFileSync(join(dir, "index.html"));
const indexGz = readFileSync(join(dir, "index.html.gz"));
const ASSET = /^\/assets\/[\w.-]+\.js$/;

interface Pipe {
  target: string;
  upstream?: WebSocket;
  queued: (string | Uint8Array<ArrayBuffer>)[];
}

function asset(path: string, acceptEncoding: string): Response {
  const file = join(dir, path);
  if (!ASSET.test(path) || !existsSync(file)) return new Response("Not found", { status: 404 });
  const headers: Record<string, string> = { "content-type": "text/javascript; charset=utf-8", "cache-control": "public, max-age=31536000, immutable", vary: "accept-encoding" };
  for (const [encoding, ext] of [["br", ".br"], ["gzip", ".gz"]] as const) {
    if (acceptEncoding.includes(encoding) && existsSync(file + ext)) return new Response(Bun.file(file + ext), { headers: { ...headers, "content-encoding": encoding } });
  }
  return new Response(Bun.file(file), { headers });
}

async function pass(request: Request, url: URL): Promise<Response> {
  const headers = new Headers();
  for (const name of ["content-type", "authorization", "accept"]) {
    const value = request.headers.get(name);
    if (value) headers.set(name, value);
  }
  const body = request.method === "GET" || request.method === "HEAD" ? undefined : await request.arrayBuffer();
  const res = await fetch(new URL(url.pathname + url.search, upstream), { method: request.method, headers, body, redirect: "manual" });
  const out = new Headers();
  for (const name of ["content-type", "cache-control", "set-cookie"]) {
    const value = res.headers.get(name);
    if (value) out.set(name, value);
  }
  return new Response(await res.arrayBuffer(), { status: res.status, headers: out });
}

const server = Bun.serve<Pipe, never>({
  hostname: "127.0.0.1",
  port: Number(process.env.PORT ?? 0),
  async fetch(request, srv) {
    const url = new URL(request.url);
    if (url.pathname === WS_PATH && request.headers.get("upgrade")?.toLowerCase() === "websocket") {
      const target = new URL(url.pathname + url.search, upstream);
      target.protocol = "ws:";
      if (srv.upgrade(request, { data: { target: target.href, queued: [] } })) return undefined;
      return new Response("Upgrade failed", { status: 400 });
    }
    if (url.pathname.startsWith("/api/") || url.pathname === "/logo.svg") return pass(request, url);
    if (url.pathname.startsWith("/assets/")) return asset(url.pathname, request.headers.get("accept-encoding") ?? "");
    const gzip = (request.headers.get("accept-encoding") ?? "").includes("gzip");
    return new Response(gzip ? indexGz : index, {
      headers: { "content-type": "text/html; charset=utf-8", "cache-control": "no-store", vary: "accept-encoding", ...(gzip ? { "content-encoding": "gzip" } : {}) },
    });
  },
  websocket: {
    open(ws: ServerWebSocket<Pipe>) {
      const up = new WebSocket(ws.data.target);
      up.binaryType = "arraybuffer";
      ws.data.upstream = up;
      up.onopen = () => {
        for (const message of ws.data.queued.splice(0)) up.send(message);
      };
      up.onmessage = (event) => ws.send(typeof event.data === "string" ? event.data : new Uint8Array(event.data as ArrayBuffer));
      up.onclose = () => ws.close();
      up.onerror = () => ws.close();
    },
    message(ws: ServerWebSocket<Pipe>, received: string | Buffer) {
      const message = typeof received === "string" ? received : new Uint8Array(received);
      const up = ws.data.upstream;
      if (up?.readyState === WebSocket.OPEN) up.send(message);
      else ws.data.queued.push(message);
    },
    close(ws: ServerWebSocket<Pipe>) {
      ws.data.upstream?.close();
    },
  },
});

console.log(`listening on http://127.0.0.1:${server.port}`);
process.on("SIGTERM", () => {
  void server.stop(true);
  process.exit(0);
});
