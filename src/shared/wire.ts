// The realtime wire (docs/contract.md "The wire", docs/decisions.md "Realtime"): where it is, how big a frame
// may be, how often the server speaks up, how connections end. Shared by the server and the page,
// so it holds no dependency.

/** The WebSocket. */
export const WS_PATH = "/ws";
/** The fallback: GET opens a server-sent event stream, POST to STREAM_PATH/<session> sends one frame. */
export const STREAM_PATH = "/ws/stream";
export const MAX_FRAME_BYTES = 16 * 1024;

/** The server sends every connection a heartbeat this often, and pings each WebSocket. */
export const HEARTBEAT_MS = 8_000;
/** Either end that hears nothing from the other for this long takes the connection for dead. */
export const silenceLimit = (heartbeatMs: number) => heartbeatMs * 2.5;

/** The server's close codes, as a WebSocket's; the fallback's stream names them in its last event. */
export const CLOSE = {
  /** a malformed frame or a flood */
  violation: 1008,
  /** a frame over MAX_FRAME_BYTES */
  tooBig: 1009,
  /** the server is restarting: come back shortly */
  restart: 1012,
  /** the server is done with this connection: refused join, kicked, replaced, lobby ended, dead */
  done: 4000,
} as const;

export const encodeFrame = (event: string, payload?: unknown): string => JSON.stringify(payload === undefined ? [event] : [event, payload]);

export type Decoded = { ok: true; event: string; payload: unknown } | { ok: false; event: string };

/** `[event]` or `[event, payload]` with a string event; anything else is malformed (`event` "" when unknown). */
export function decodeFrame(text: string): Decoded {
  try {
    const value: unknown = JSON.parse(text);
    if (Array.isArray(value) && typeof value[0] === "string") return value.length > 2 ? { ok: false, event: value[0] } : { ok: true, event: value[0], payload: value[1] };
  } catch {
    // not JSON
  }
  return { ok: false, event: "" };
}
