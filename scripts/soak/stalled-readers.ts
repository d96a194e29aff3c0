// The stalled-reader load (docs/soak.md "Stalled readers"): seated players whose connections never
// read what the server sends and chat at their full budget, and the server's resident
// memory meanwhile. Each stalled connection does what a phone on bad wifi (or an attacker) does:
// its socket stops reading, and it goes on writing (a heartbeat every HEARTBEAT_MS, as the fallback's
// page does), so only reading tells it apart from a live one (docs/contract.md "Backpressure and
// liveness"). Used by the test (short), `bun run soak:stalled` (60 s) and the bench's section, which
// runs the same players reading as the load to compare with.
import { lobbyQuery } from "../../src/shared/lobby-query";
import { CHAT_MAX, MAX_TEAM_SIZE } from "../../src/game/settings";
import { encodeFrame, HEARTBEAT_MS, STREAM_PATH, WS_PATH } from "../../src/shared/wire";
import type { LinkKind } from "../../islands/client/link";
import { sleep } from "./stats";
import { StalledSocket } from "./stalled-socket";

export interface StalledLoad {
  url: string;
  /** how the stalled players connect; "reading": the same players on WebSockets that read everything (the bench's normal load beside it) */
  transport: LinkKind | "reading";
  /** lobbies, each full: 15 stalled players (and the host's seat, empty) */
  lobbies: number;
  seconds: number;
  /** the server's resident memory now, in MB */
  rssMb: () => number;
}

export interface StalledReport {
  stalled: number;
  chatLines: number;
  rssBeforeMb: number;
  rssPeakMb: number;
  rssEndMb: number;
}

/** a player's chat budget, a second */
const CHAT_PER_S = 20;
/** the longest line, of three-byte characters: the most bytes a line may cost the server */
const LINE = "€".repeat(CHAT_MAX);

async function post(url: string, path: string, body: unknown, token?: string): Promise<any> {
  const res = await fetch(`${url}${path}`, { method: "POST", headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) }, body: JSON.stringify(body) });
  const json: any = await res.json();
  if (!json?.success) throw new Error(`${path} answered ${res.status}: ${json?.message}`);
  return json;
}

/** A full lobby's seats: a host and 2 * MAX_TEAM_SIZE - 1 players. */
async function fullLobby(url: string): Promise<{ code: string; tokens: string[] }> {
  const host = await post(url, "/api/lobby/create", { playerName: "Host" });
  const code: string = host.lobby.code;
  const tokens = [host.token as string];
  for (let i = 1; i < 2 * MAX_TEAM_SIZE; i++) tokens.push((await post(url, `/api/lobby/join${lobbyQuery(code)}`, { playerName: `P${i}`, code })).token);
  return { code, tokens };
}

/** A client's text frame of any bytes, valid UTF-8 or not: masked, as the protocol asks of clients. */
export function maskedTextFrame(payload: Uint8Array): Uint8Array {
  if (payload.length > 0xffff) throw new Error("raw frames here stay under 64 KiB");
  const mask = [1, 2, 3, 4];
  const length = payload.length < 126 ? [0x80 | payload.length] : [0x80 | 126, payload.length >> 8, payload.length & 0xff];
  return new Uint8Array([0x81, ...length, ...mask, ...payload.map((b, i) => b ^ mask[i % 4]!)]);
}

const frameBytes = (event: string, payload: unknown) => new TextEncoder().encode(encodeFrame(event, payload));

async function stalledWebSocket(url: string, code: string, token: string): Promise<StalledSocket> {
  const { hostname, port, host } = new URL(url);
  const socket = StalledSocket.connect(hostname, Number(port));
  socket.write(`GET ${WS_PATH}${lobbyQuery(code)} HTTP/1.1\r\nHost: ${host}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n`);
  const head = socket.readUntil((received) => received.includes("\r\n\r\n"));
  if (!head.startsWith("HTTP/1.1 101")) throw new Error(`upgrade refused: ${head.split("\r\n")[0]}`);
  socket.write(maskedTextFrame(frameBytes("join-lobby", { token })));
  return socket;
}

/** A fallback session whose stream is never read; its frames are POSTed, one at a time (a frame due while one is out is skipped). */
async function stalledStream(url: string, code: string, token: string): Promise<{ send(event: string, payload: unknown): void; close(): void }> {
  const { hostname, port, host } = new URL(url);
  const socket = StalledSocket.connect(hostname, Number(port));
  socket.write(`GET ${STREAM_PATH}${lobbyQuery(code)} HTTP/1.1\r\nHost: ${host}\r\n\r\n`);
  const session = /event: session\ndata: ([^\n]+)\n/.exec(socket.readUntil((received) => /event: session\ndata: [^\n]+\n/.test(received)))![1]!;
  const post = (event: string, payload: unknown) => fetch(`${url}${STREAM_PATH}/${session}${lobbyQuery(code)}`, { method: "POST", body: encodeFrame(event, payload) }).then((r) => void r.arrayBuffer(), () => undefined);
  await post("join-lobby", { token });
  let out: Promise<void> | null = null;
  return {
    send(event, payload) {
      out ??= post(event, payload).finally(() => (out = null));
    },
    close: () => socket.close(),
  };
}

/** The same player on a WebSocket that reads everything (Bun's client), for the load as a party makes it. */
async function reader(url: string, code: string, token: string): Promise<{ send(event: string, payload: unknown): void; close(): void }> {
  const ws = new WebSocket(`${url.replace(/^http/, "ws")}${WS_PATH}${lobbyQuery(code)}`);
  await new Promise((resolve, reject) => {
    ws.onopen = resolve;
    ws.onerror = reject;
  });
  ws.send(encodeFrame("join-lobby", { token }));
  return { send: (event, payload) => ws.send(encodeFrame(event, payload)), close: () => ws.close() };
}

export async function stalledReaderLoad({ url, transport, lobbies, seconds, rssMb }: StalledLoad): Promise<StalledReport> {
  const stalled: { send(event: string, payload: unknown): void; close(): void }[] = [];
  for (let i = 0; i < lobbies; i++) {
    const { code, tokens } = await fullLobby(url);
    // The host's seat stays empty: 15 stalled players a lobby.
    for (const token of tokens.slice(1)) {
      if (transport === "stream") stalled.push(await stalledStream(url, code, token));
      else if (transport === "reading") stalled.push(await reader(url, code, token));
      else {
        const socket = await stalledWebSocket(url, code, token);
        stalled.push({ send: (event, payload) => socket.write(maskedTextFrame(frameBytes(event, payload))), close: () => socket.close() });
      }
    }
  }
  await sleep(500);
  const rssBeforeMb = rssMb();
  let rssPeakMb = rssBeforeMb;
  let chatLines = 0;
  // Each chats at a player's budget; a heartbeat every HEARTBEAT_MS, as the fallback's page answers one.
  const chat = setInterval(() => {
    for (const s of stalled) s.send("chat-message", { message: LINE, chatType: "game" });
    chatLines += stalled.length;
  }, 1000 / CHAT_PER_S);
  const beat = setInterval(() => {
    for (const s of stalled) s.send("heartbeat", {});
  }, HEARTBEAT_MS);
  const deadline = Date.now() + seconds * 1000;
  while (Date.now() < deadline) {
    await sleep(500);
    rssPeakMb = Math.max(rssPeakMb, rssMb());
  }
  clearInterval(chat);
  clearInterval(beat);
  const report = { stalled: stalled.length, chatLines, rssBeforeMb, rssPeakMb, rssEndMb: rssMb() };
  for (const s of stalled) s.close();
  return report;
}
