// The load generators' clients, one kind per server under test:
//   stealmate      REST create + join, WebSocket at /ws with JSON frames: join-lobby, chat-message (room chat);
//                  routed, the join call and /ws carry ?lobby=CODE as the pages send them, for HAProxy in front of a cluster
//   node-socketio, bun-socketio  socket.io-client, "join" with a room name (acked), chat-message
//   bun-raw        plain WebSocket, the bun-raw peer's JSON: {t:"join",room} / {t:"chat",message}
// A client hands every chat line it receives, and anything that goes wrong, to its generator's sink.
import { peerRequire } from "../common/socketio";
import { lobbyQuery } from "../../src/shared/lobby-query";
import { decodeFrame, encodeFrame, WS_PATH } from "../../src/shared/wire";

export type Kind = "stealmate" | "node-socketio" | "bun-socketio" | "bun-raw";

/** Where a generator's clients go: the server, its kind, and how many clients make a room. */
export interface Target {
  url: string;
  kind: Kind;
  perLobby: number;
  /** Stealmate behind a proxy that routes by lobby code (docs/cluster.md "Routing") */
  routed?: boolean;
}

/** What a generator does with what its clients receive. */
export interface Sink {
  chat(message: unknown): void;
  error(kind: string): void;
}

export interface BenchClient {
  readonly lobby: number;
  send(text: string): void;
  connected(): boolean;
  close(): void;
}

function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  return Promise.race([
    promise,
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`timeout: ${what}`)), ms);
    }),
  ]).finally(() => clearTimeout(timer));
}

async function postJson(url: string, body: unknown): Promise<any> {
  const res = await fetch(url, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
  const json = (await res.json().catch(() => null)) as any;
  if (!res.ok || !json?.success) throw new Error(`rest ${res.status}: ${json?.message ?? "no body"}`);
  return json;
}

/** The part of socket.io-client's socket the generator uses (the package comes from PEER_DEPS, untyped). */
interface Socket {
  connected: boolean;
  on(event: string, fn: (...args: any[]) => void): unknown;
  once(event: string, fn: (...args: any[]) => void): unknown;
  emit(event: string, ...args: unknown[]): unknown;
  emitWithAck(event: string, ...args: unknown[]): Promise<unknown>;
  disconnect(): unknown;
}

function openSocketIo(url: string): Promise<Socket> {
  const { io } = peerRequire()("socket.io-client") as { io: (url: string, opts: object) => Socket };
  const socket = io(url, { path: "/socket.io/", transports: ["websocket"], forceNew: true, reconnection: false, timeout: 10_000 });
  return withTimeout(
    new Promise<Socket>((resolve, reject) => {
      socket.once("connect", () => resolve(socket));
      socket.once("connect_error", (err) => reject(new Error(`connect: ${err.message}`)));
    }),
    15_000,
    "socket.io connect",
  ).catch((err) => {
    socket.disconnect();
    throw err;
  });
}

function watchSocketIo(socket: Socket, lobby: number, sink: Sink): BenchClient {
  let closing = false;
  socket.on("chat-message", (payload: { message?: unknown } | undefined) => sink.chat(payload?.message));
  socket.on("disconnect", () => {
    if (!closing) sink.error("disconnected");
  });
  return {
    lobby,
    send: (text) => void socket.emit("chat-message", { message: text, chatType: "game" }),
    connected: () => socket.connected,
    close: () => {
      closing = true;
      socket.disconnect();
    },
  };
}

interface WebSocketProtocol {
  /** the frame sent on open that asks to join the room */
  join: string;
  /** one received text frame: `joined` once the server has let the client in */
  receive(text: string, joined: () => void, sink: Sink): void;
  /** a chat line to send */
  chat(text: string): string;
}

/** A client on a plain WebSocket (Stealmate's own, or the raw floor's), joined before it counts. */
function webSocketClient(url: string, lobby: number, sink: Sink, protocol: WebSocketProtocol): Promise<BenchClient> {
  const ws = new WebSocket(url);
  let closing = false;
  let joined: () => void = () => {};
  const ready = new Promise<void>((resolve, reject) => {
    joined = resolve;
    ws.onopen = () => ws.send(protocol.join);
    ws.onerror = () => reject(new Error("websocket error"));
  });
  ws.onmessage = (event) => protocol.receive(String(event.data), joined, sink);
  ws.onclose = () => {
    if (!closing) sink.error("disconnected");
  };
  return withTimeout(ready, 15_000, "join").then(
    () => ({
      lobby,
      send: (text: string) => ws.send(protocol.chat(text)),
      connected: () => ws.readyState === WebSocket.OPEN,
      close: () => {
        closing = true;
        ws.close();
      },
    }),
    (err) => {
      ws.close();
      throw err;
    },
  );
}

/** A Stealmate player as the page is: a WebSocket at /ws speaking JSON frames, join-lobby first. */
const stealmateClient = (target: Target, lobby: number, sink: Sink, token: string, query: string) =>
  webSocketClient(target.url.replace(/^http/, "ws") + WS_PATH + query, lobby, sink, {
    join: encodeFrame("join-lobby", { token }),
    receive(text, joined, sink) {
      const frame = decodeFrame(text);
      if (!frame.ok) return sink.error("unparseable-frame");
      const payload = frame.payload as { message?: unknown; updateType?: string } | undefined;
      if (frame.event === "chat-message") sink.chat(payload?.message);
      else if (frame.event === "lobby-updated" && payload?.updateType === "snapshot") joined();
      else if (frame.event === "socket-error") sink.error("socket-error");
    },
    chat: (text) => encodeFrame("chat-message", { message: text, chatType: "game" }),
  });

async function stealmateLobby(target: Target, lobby: number, sink: Sink): Promise<BenchClient[]> {
  const created = await postJson(`${target.url}/api/lobby/create`, { playerName: `host${lobby}` });
  const tokens: string[] = [created.token];
  const code: string = created.lobby.code;
  const query = target.routed ? lobbyQuery(code) : "";
  for (let i = 1; i < target.perLobby; i++) tokens.push((await postJson(`${target.url}/api/lobby/join${query}`, { code, playerName: `p${i}` })).token);
  return Promise.all(tokens.map((token) => stealmateClient(target, lobby, sink, token, query)));
}

async function socketIoRelayLobby(target: Target, lobby: number, sink: Sink): Promise<BenchClient[]> {
  return Promise.all(
    Array.from({ length: target.perLobby }, async () => {
      const socket = await openSocketIo(target.url);
      await withTimeout(socket.emitWithAck("join", `room-${lobby}`), 15_000, "join ack").catch((err) => {
        socket.disconnect();
        throw err;
      });
      return watchSocketIo(socket, lobby, sink);
    }),
  );
}

/** The raw floor's own JSON: {t:"join",room} / {t:"chat",message}. */
const bunRawClient = (target: Target, lobby: number, sink: Sink) =>
  webSocketClient(`${target.url.replace(/^http/, "ws")}/`, lobby, sink, {
    join: JSON.stringify({ t: "join", room: `room-${lobby}` }),
    receive(text, joined, sink) {
      const msg = JSON.parse(text) as { t?: string; message?: unknown };
      if (msg.t === "chat") sink.chat(msg.message);
      else if (msg.t === "joined") joined();
    },
    chat: (text) => JSON.stringify({ t: "chat", message: text }),
  });

/** One room of `target.perLobby` clients, every one joined (or the promise rejects). */
export function openLobby(target: Target, lobby: number, sink: Sink): Promise<BenchClient[]> {
  if (target.kind === "stealmate") return stealmateLobby(target, lobby, sink);
  if (target.kind === "node-socketio" || target.kind === "bun-socketio") return socketIoRelayLobby(target, lobby, sink);
  return Promise.all(Array.from({ length: target.perLobby }, () => bunRawClient(target, lobby, sink)));
}
