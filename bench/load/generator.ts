// The load generator, its own process (bench/run.ts spawns it; it can also run by hand):
//   bun bench/load/generator.ts --url http://127.0.0.1:3000 --kind stealmate --lobbies 250
//     [--per-lobby 8] [--rate 1] [--warmup 5] [--measure 20] [--limit 120] [--tick-ms 1]
// N rooms of `per-lobby` real clients each. Per kind of server:
//   stealmate      REST create + join, WebSocket at /ws with JSON frames: join-lobby, chat-message (room chat)
//   node-socketio, bun-socketio  socket.io-client, "join" with a room name (acked), chat-message
//   bun-raw        plain WebSocket, the bun-raw peer's JSON: {t:"join",room} / {t:"chat",message}
// Every client sends room chat at `rate` messages a second; each message carries its send time, and
// every client that receives it records receive time - send time (fan-out: one message, `per-lobby`
// samples). Progress goes to stderr as JSON lines {"phase":...} so the orchestrator can sample the
// server at the right moments; the report is one JSON object on stdout. Loopback only, and the
// whole run is bounded by --limit seconds: past it the process reports what it has and exits.
import { peerRequire } from "../common/socketio";
import { decodeFrame, encodeFrame, WS_PATH } from "../../src/shared/wire";

export type Kind = "stealmate" | "node-socketio" | "bun-socketio" | "bun-raw";

export interface GeneratorReport {
  kind: Kind;
  lobbies: number;
  perLobby: number;
  clients: number;
  connected: number;
  ratePerClient: number;
  measureSeconds: number;
  /** messages sent during the measure window */
  sent: number;
  /** receptions (message x receiving client) that arrived during the measure window, per second */
  deliveredPerSec: number;
  /** receptions of window messages that never arrived (within the grace after the window) */
  lost: number;
  latencyMs: { p50: number; p90: number; p99: number; max: number; mean: number; samples: number };
  /** sends skipped because the generator itself fell more than half a second behind */
  skippedSends: number;
  errors: number;
  errorKinds: Record<string, number>;
  setupSeconds: number;
  timedOut: boolean;
}

interface Options {
  url: string;
  kind: Kind;
  lobbies: number;
  perLobby: number;
  rate: number;
  warmup: number;
  measure: number;
  limit: number;
  concurrency: number;
  tickMs: number;
}

function parseArgs(argv: string[]): Options {
  const get = (name: string, fallback?: string): string => {
    const i = argv.indexOf(`--${name}`);
    const value = i >= 0 ? argv[i + 1] : fallback;
    if (value === undefined) throw new Error(`missing --${name}`);
    return value;
  };
  const num = (name: string, fallback: number) => {
    const n = Number(get(name, String(fallback)));
    if (!Number.isFinite(n) || n < 0) throw new Error(`--${name} must be a number >= 0`);
    return n;
  };
  const url = get("url");
  const host = new URL(url).hostname;
  if (host !== "127.0.0.1" && host !== "localhost" && host !== "::1") throw new Error(`loopback only, not ${host}`);
  const kind = get("kind") as Kind;
  if (!["stealmate", "node-socketio", "bun-socketio", "bun-raw"].includes(kind)) throw new Error(`unknown --kind ${kind}`);
  return {
    url: url.replace(/\/$/, ""),
    kind,
    lobbies: Math.min(2000, Math.max(1, Math.floor(num("lobbies", 250)))),
    perLobby: Math.min(16, Math.max(1, Math.floor(num("per-lobby", 8)))),
    rate: Math.min(20, num("rate", 1)),
    warmup: num("warmup", 5),
    measure: Math.max(1, num("measure", 20)),
    limit: Math.max(5, num("limit", 120)),
    concurrency: Math.max(1, Math.floor(num("concurrency", 40))),
    tickMs: Math.min(50, Math.max(1, num("tick-ms", 1))),
  };
}

const phase = (name: string, extra: Record<string, unknown> = {}) => process.stderr.write(`${JSON.stringify({ phase: name, at: Date.now(), ...extra })}\n`);

// ---- measurement state -------------------------------------------------------------------------

let latencies = new Float64Array(1 << 20);
let nLat = 0;
let windowStart = Infinity;
let windowEnd = Infinity;
let receivedInWindow = 0;
let windowSent = 0;
let windowExpected = 0;
let windowDelivered = 0;
const errorKinds: Record<string, number> = {};
const error = (kind: string) => void (errorKinds[kind] = (errorKinds[kind] ?? 0) + 1);

function record(sentAt: number): void {
  const now = performance.now();
  if (now >= windowStart && now < windowEnd) receivedInWindow++;
  if (sentAt < windowStart || sentAt >= windowEnd) return;
  windowDelivered++;
  if (nLat === latencies.length) {
    const bigger = new Float64Array(latencies.length * 2);
    bigger.set(latencies);
    latencies = bigger;
  }
  latencies[nLat++] = now - sentAt;
}

/** The send time rides in the message text: "<ms since generator start>|<client>". */
function stamp(client: number): string {
  return `${performance.now().toFixed(3)}|c${client}`;
}
function sentAtOf(message: unknown): number {
  if (typeof message !== "string") return NaN;
  const bar = message.indexOf("|");
  return bar > 0 ? Number(message.slice(0, bar)) : NaN;
}
function onChat(message: unknown): void {
  const sentAt = sentAtOf(message);
  if (Number.isFinite(sentAt)) record(sentAt);
  else error("unparseable-chat");
}

// ---- clients -----------------------------------------------------------------------------------

interface BenchClient {
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

function watchSocketIo(socket: Socket, lobby: number): BenchClient {
  let closing = false;
  socket.on("chat-message", (payload: { message?: unknown } | undefined) => onChat(payload?.message));
  socket.on("disconnect", () => {
    if (!closing) error("disconnected");
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
  receive(text: string, joined: () => void): void;
  /** a chat line to send */
  chat(text: string): string;
}

/** A client on a plain WebSocket (Stealmate's own, or the raw floor's), joined before it counts. */
function webSocketClient(url: string, lobby: number, protocol: WebSocketProtocol): Promise<BenchClient> {
  const ws = new WebSocket(url);
  let closing = false;
  let joined: () => void = () => {};
  const ready = new Promise<void>((resolve, reject) => {
    joined = resolve;
    ws.onopen = () => ws.send(protocol.join);
    ws.onerror = () => reject(new Error("websocket error"));
  });
  ws.onmessage = (event) => protocol.receive(String(event.data), joined);
  ws.onclose = () => {
    if (!closing) error("disconnected");
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
const stealmateClient = (opts: Options, lobby: number, token: string) =>
  webSocketClient(opts.url.replace(/^http/, "ws") + WS_PATH, lobby, {
    join: encodeFrame("join-lobby", { token }),
    receive(text, joined) {
      const frame = decodeFrame(text);
      if (!frame.ok) return error("unparseable-frame");
      const payload = frame.payload as { message?: unknown; updateType?: string } | undefined;
      if (frame.event === "chat-message") onChat(payload?.message);
      else if (frame.event === "lobby-updated" && payload?.updateType === "snapshot") joined();
      else if (frame.event === "socket-error") error("socket-error");
    },
    chat: (text) => encodeFrame("chat-message", { message: text, chatType: "game" }),
  });

async function stealmateLobby(opts: Options, lobby: number): Promise<BenchClient[]> {
  const created = await postJson(`${opts.url}/api/lobby/create`, { playerName: `host${lobby}` });
  const tokens: string[] = [created.token];
  const code: string = created.lobby.code;
  for (let i = 1; i < opts.perLobby; i++) tokens.push((await postJson(`${opts.url}/api/lobby/join`, { code, playerName: `p${i}` })).token);
  return Promise.all(tokens.map((token) => stealmateClient(opts, lobby, token)));
}

async function socketIoRelayLobby(opts: Options, lobby: number): Promise<BenchClient[]> {
  return Promise.all(
    Array.from({ length: opts.perLobby }, async () => {
      const socket = await openSocketIo(opts.url);
      await withTimeout(socket.emitWithAck("join", `room-${lobby}`), 15_000, "join ack").catch((err) => {
        socket.disconnect();
        throw err;
      });
      return watchSocketIo(socket, lobby);
    }),
  );
}

/** The raw floor's own JSON: {t:"join",room} / {t:"chat",message}. */
const bunRawClient = (opts: Options, lobby: number) =>
  webSocketClient(`${opts.url.replace(/^http/, "ws")}/`, lobby, {
    join: JSON.stringify({ t: "join", room: `room-${lobby}` }),
    receive(text, joined) {
      const msg = JSON.parse(text) as { t?: string; message?: unknown };
      if (msg.t === "chat") onChat(msg.message);
      else if (msg.t === "joined") joined();
    },
    chat: (text) => JSON.stringify({ t: "chat", message: text }),
  });

function openLobby(opts: Options, lobby: number): Promise<BenchClient[]> {
  if (opts.kind === "stealmate") return stealmateLobby(opts, lobby);
  if (opts.kind === "node-socketio" || opts.kind === "bun-socketio") return socketIoRelayLobby(opts, lobby);
  return Promise.all(Array.from({ length: opts.perLobby }, () => bunRawClient(opts, lobby)));
}

// ---- run ---------------------------------------------------------------------------------------

function percentile(sorted: Float64Array, p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}
const round = (n: number, digits = 2) => (Number.isFinite(n) ? Number(n.toFixed(digits)) : -1);

async function main(): Promise<void> {
  const opts = parseArgs(process.argv.slice(2));
  const started = performance.now();
  const clients: BenchClient[] = [];
  let timedOut = false;
  let sendTimer: ReturnType<typeof setInterval> | undefined;
  let skippedSends = 0;

  const report = (): GeneratorReport => {
    const sorted = latencies.slice(0, nLat).sort();
    let sum = 0;
    for (const v of sorted) sum += v;
    const errors = Object.values(errorKinds).reduce((a, b) => a + b, 0);
    return {
      kind: opts.kind,
      lobbies: opts.lobbies,
      perLobby: opts.perLobby,
      clients: opts.lobbies * opts.perLobby,
      connected: clients.filter((c) => c.connected()).length,
      ratePerClient: opts.rate,
      measureSeconds: opts.measure,
      sent: windowSent,
      deliveredPerSec: round(receivedInWindow / opts.measure, 1),
      lost: Math.max(0, windowExpected - windowDelivered),
      latencyMs: { p50: round(percentile(sorted, 50)), p90: round(percentile(sorted, 90)), p99: round(percentile(sorted, 99)), max: round(sorted.at(-1) ?? NaN), mean: round(sum / Math.max(1, sorted.length)), samples: sorted.length },
      skippedSends,
      errors,
      errorKinds,
      setupSeconds: round(setupSeconds, 1),
      timedOut,
    };
  };
  let setupSeconds = NaN;
  const finish = (code: number) => {
    clearInterval(sendTimer);
    process.stdout.write(`${JSON.stringify(report())}\n`);
    for (const c of clients) c.close();
    // Give the closes a moment to go out, then leave regardless.
    setTimeout(() => process.exit(code), 300).unref?.();
  };
  const hardLimit = setTimeout(() => {
    timedOut = true;
    error("hard-time-limit");
    phase("timeout");
    finish(2);
  }, opts.limit * 1000);

  // Connect: `concurrency` clients in flight at a time, whole lobbies at once.
  phase("connecting", { clients: opts.lobbies * opts.perLobby });
  const lobbiesAtOnce = Math.max(1, Math.floor(opts.concurrency / opts.perLobby));
  let nextLobby = 0;
  // A tenth of the way in, connecting pauses and the server settles (as before "warmup"), then the
  // orchestrator samples it: RSS from there to "warmup" is what each further player costs, without
  // the one-off costs of the first connections.
  let tenth: Promise<void> | undefined;
  const settleTenth = async () => {
    await Bun.sleep(1000);
    phase("connected-tenth", { connected: clients.length });
    await Bun.sleep(300);
  };
  const worker = async () => {
    while (nextLobby < opts.lobbies && !timedOut) {
      if (!tenth && clients.length * 10 >= opts.lobbies * opts.perLobby) tenth = settleTenth();
      if (tenth) await tenth;
      const lobby = nextLobby++;
      try {
        clients.push(...(await openLobby(opts, lobby)));
      } catch (err) {
        error(String((err as Error).message ?? err).split(":")[0] ?? "setup");
      }
    }
  };
  await Promise.all(Array.from({ length: lobbiesAtOnce }, worker));
  if (timedOut) return;
  setupSeconds = (performance.now() - started) / 1000;
  phase("connected", { connected: clients.length, setupSeconds: round(setupSeconds, 1) });
  // Let join broadcasts settle before anyone chats.
  await Bun.sleep(1000);

  // Send: a ticker (1 ms by default) keeps the total rate exact; clients take turns in a shuffled
  // order, so each sends at about `rate` a second with its sends spread over the second. A short tick
  // keeps arrivals close to independent clients'; a long one sends synchronised bursts.
  const order = clients.map((_, i) => i);
  for (let i = order.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [order[i], order[j]] = [order[j]!, order[i]!];
  }
  const perMs = (clients.length * opts.rate) / 1000;
  const sendStart = performance.now();
  windowStart = sendStart + opts.warmup * 1000;
  windowEnd = windowStart + opts.measure * 1000;
  const roomSize = new Map<number, number>();
  for (const c of clients) roomSize.set(c.lobby, (roomSize.get(c.lobby) ?? 0) + 1);
  let sentTotal = 0;
  let turn = 0;
  let announcedWindow = false;
  phase("warmup");
  sendTimer = setInterval(() => {
    const now = performance.now();
    if (now >= windowEnd) return;
    if (!announcedWindow && now >= windowStart) {
      announcedWindow = true;
      phase("measure-start");
    }
    let due = Math.floor((now - sendStart) * perMs) - sentTotal;
    const cap = Math.max(1, Math.ceil(perMs * 500));
    if (due > cap) {
      skippedSends += due - cap;
      sentTotal += due - cap;
      due = cap;
    }
    for (; due > 0; due--) {
      const client = clients[order[turn++ % order.length]!]!;
      sentTotal++;
      if (!client.connected()) continue;
      const text = stamp(turn);
      const at = sentAtOf(text);
      if (at >= windowStart && at < windowEnd) {
        windowSent++;
        windowExpected += roomSize.get(client.lobby) ?? 0;
      }
      client.send(text);
    }
  }, opts.tickMs);

  await Bun.sleep(Math.max(0, windowEnd - performance.now()));
  phase("measure-end");
  clearInterval(sendTimer);
  // Grace: stragglers of the window may still arrive; stop early once all have.
  const graceEnd = performance.now() + 3000;
  while (performance.now() < graceEnd && windowDelivered < windowExpected) await Bun.sleep(50);
  clearTimeout(hardLimit);
  phase("done");
  finish(0);
}

if (import.meta.main) {
  main().catch((err) => {
    process.stderr.write(`generator failed: ${(err as Error).stack ?? err}\n`);
    process.exit(1);
  });
}
