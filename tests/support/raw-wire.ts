// Raw realtime connections, for what the page's links never do: a WebSocket handshake read at the HTTP
// level, bytes that are not UTF-8 in a WebSocket text frame, and a fallback session driven by hand.
import { STREAM_PATH, WS_PATH } from "../../src/shared/wire";
import { NET_TIMEOUT_MS, within } from "./sockets";
import { maskedTextFrame } from "../../scripts/soak/stalled-readers";

const hostPort = (url: string) => {
  const { hostname, port } = new URL(url);
  return { hostname, port: Number(port) };
};

/**
 * A WebSocket upgrade over plain TCP: resolves with the HTTP status of the answer (101 when
 * upgraded), its status line and headers as they came (`head`) and, when upgraded, sends `frame` as one text frame and resolves `closeCode` with the
 * code of the server's close frame (null if the socket ended without one). It never answers a ping:
 * a half-open connection, as the server sees one. `query` (?lobby=CODE) goes on the path.
 */
export async function rawUpgrade(url: string, headers: Record<string, string> = {}, frame?: Uint8Array, query = ""): Promise<{ status: number; head: string; closeCode: Promise<number | null> }> {
  let buffered = Buffer.alloc(0);
  let head = "";
  let settleStatus: (status: number) => void = () => {};
  let settleClose: (code: number | null) => void = () => {};
  const status = new Promise<number>((resolve) => (settleStatus = resolve));
  const closeCode = new Promise<number | null>((resolve) => (settleClose = resolve));
  let upgraded = false;
  const socket = await Bun.connect({
    ...hostPort(url),
    socket: {
      data(s, chunk) {
        buffered = Buffer.concat([buffered, chunk]);
        if (!upgraded) {
          const end = buffered.indexOf("\r\n\r\n");
          if (end < 0) return;
          head = buffered.subarray(0, end).toString("latin1");
          const code = Number(head.split(" ")[1]);
          buffered = buffered.subarray(end + 4);
          upgraded = code === 101;
          settleStatus(code);
          if (!upgraded) return void s.end();
          if (frame) s.write(maskedTextFrame(frame));
        }
        // A close frame from the server: opcode 8, then its two-byte code.
        if (buffered.length >= 4 && (buffered[0]! & 0x0f) === 8) settleClose(buffered.readUInt16BE(2));
      },
      close() {
        settleStatus(0);
        settleClose(null);
      },
    },
  });
  const extra = Object.entries(headers).map(([k, v]) => `${k}: ${v}\r\n`).join("");
  socket.write(`GET ${WS_PATH}${query} HTTP/1.1\r\nHost: ${new URL(url).host}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n${extra}\r\n`);
  const answered = await within(status, "the upgrade's answer");
  if (answered !== 101 || !frame) socket.end();
  return { status: answered, head, closeCode: within(closeCode, "the server's close frame").finally(() => socket.end()) };
}

/** A fallback session by hand: the event stream read raw, frames POSTed as any bytes. */
export class RawStream {
  /** data lines received, in order */
  readonly frames: string[] = [];
  /** the close event's { code, reason }, once the server closed the session */
  closeEvent: { code: number; reason: string } | null = null;
  /** resolves once the stream has ended, by the server's doing or close() */
  readonly ended: Promise<void>;

  private constructor(
    readonly url: string,
    readonly session: string,
    private readonly headers: Record<string, string>,
    private readonly query: string,
    private readonly abort: AbortController,
    reader: ReadableStreamDefaultReader<string>,
    rest: string,
  ) {
    this.ended = this.pump(reader, rest);
  }

  /** Opens a session; rejects unless the server answers 200 with a session. `query` (?lobby=CODE) goes on its stream and POSTs. */
  static async open(url: string, headers: Record<string, string> = {}, query = ""): Promise<RawStream> {
    const abort = new AbortController();
    const res = await fetch(url + STREAM_PATH + query, { headers, signal: abort.signal });
    if (res.status !== 200 || !res.body) throw new Error(`stream answered ${res.status}`);
    const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
    let text = "";
    const session = await within(
      (async () => {
        for (;;) {
          const { value, done } = await reader.read();
          if (done) throw new Error("stream ended before its session");
          text += value;
          const match = text.match(/^event: session\ndata: (.+)\n\n/);
          if (match) return match[1]!;
        }
      })(),
      "the session event",
    );
    return new RawStream(url, session, headers, query, abort, reader, text.slice(text.indexOf("\n\n") + 2));
  }

  private async pump(reader: ReadableStreamDefaultReader<string>, rest: string): Promise<void> {
    let text = rest;
    try {
      for (;;) {
        let cut: number;
        while ((cut = text.indexOf("\n\n")) >= 0) {
          const block = text.slice(0, cut);
          text = text.slice(cut + 2);
          if (block.startsWith("event: close\ndata: ")) this.closeEvent = JSON.parse(block.slice(19));
          else if (block.startsWith("data: ")) this.frames.push(block.slice(6));
        }
        const { value, done } = await reader.read();
        if (done) return;
        text += value;
      }
    } catch {
      // aborted by close()
    }
  }

  /** POSTs one frame's bytes; resolves with the status. */
  async post(body: string | Uint8Array<ArrayBuffer>, headers: Record<string, string> = this.headers, query = this.query): Promise<number> {
    const res = await fetch(`${this.url}${STREAM_PATH}/${this.session}${query}`, { method: "POST", body, headers });
    await res.arrayBuffer();
    return res.status;
  }

  waitEnded(ms = NET_TIMEOUT_MS): Promise<void> {
    return within(this.ended, "the server to end the stream", ms);
  }

  close(): void {
    this.abort.abort();
  }
}
