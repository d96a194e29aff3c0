// A bare engine.io v4 client over a raw WebSocket or raw HTTP long-polling, for sending frames
// socket.io-client would never produce (malformed socket.io packets, stray binary).
import { NET_TIMEOUT_MS, SOCKET_PATH, within, type Transport } from "./sockets";

const SEPARATOR = "\x1e";

export interface RawOptions {
  headers?: Record<string, string>;
}

export abstract class RawEngine {
  /** every text frame received, in order (binary frames as "<binary>") */
  readonly frames: string[] = [];
  protected closedFlag = false;
  private readonly wakers = new Set<() => void>();
  private resolveClosed!: () => void;
  /** resolves once the server has closed this connection */
  readonly closed = new Promise<void>((resolve) => (this.resolveClosed = resolve));

  get isClosed(): boolean {
    return this.closedFlag;
  }

  protected received(frame: string): void {
    this.frames.push(frame);
    if (frame === "2") void this.send("3"); // engine.io ping -> pong
    this.wake();
  }

  protected markClosed(): void {
    if (this.closedFlag) return;
    this.closedFlag = true;
    this.resolveClosed();
    this.wake();
  }

  private wake(): void {
    for (const waker of [...this.wakers]) waker();
  }

  /** The first received frame (from `from` on) that matches. */
  waitFor(match: (frame: string) => boolean, what: string, from = 0): Promise<string> {
    const find = () => this.frames.slice(from).find(match);
    const hit = find();
    if (hit !== undefined) return Promise.resolve(hit);
    let waker: () => void = () => {};
    return within(
      new Promise<string>((resolve, reject) => {
        waker = () => {
          const found = find();
          if (found !== undefined) resolve(found);
          else if (this.closedFlag) reject(new Error(`connection closed while waiting for ${what}`));
        };
        this.wakers.add(waker);
      }),
      what,
    ).finally(() => this.wakers.delete(waker));
  }

  waitClosed(ms = NET_TIMEOUT_MS): Promise<void> {
    return within(this.closed, "the server to close the raw connection", ms);
  }

  /** Sends one engine.io frame: a string ("4..." is a message) or raw binary. */
  abstract send(frame: string | Uint8Array<ArrayBuffer>): Promise<void>;
  abstract close(): void;

  /** socket.io CONNECT to the main namespace, then join-lobby; resolves with the snapshot frame. */
  async joinLobby(token: string): Promise<string> {
    await this.send("40");
    await this.waitFor((f) => f.startsWith("40"), "socket.io connect ack");
    const from = this.frames.length;
    await this.send(`42${JSON.stringify(["join-lobby", { token }])}`);
    return this.waitFor((f) => f.startsWith('42["lobby-updated"') && f.includes('"updateType":"snapshot"'), "snapshot", from);
  }
}

class RawWebSocket extends RawEngine {
  private readonly ws: WebSocket;
  readonly opened: Promise<void>;

  /** `url` is the server's, or with `exact` the full address to open. */
  constructor(url: string, opts: RawOptions, exact = false) {
    super();
    const wsUrl = exact ? url.replace(/^http/, "ws") : `${url.replace(/^http/, "ws")}${SOCKET_PATH}?EIO=4&transport=websocket`;
    // Bun's WebSocket takes request headers as a second-argument option.
    this.ws = new WebSocket(wsUrl, { headers: opts.headers } as never);
    this.ws.binaryType = "arraybuffer";
    this.opened = new Promise<void>((resolve, reject) => {
      this.ws.onopen = () => resolve();
      this.ws.onerror = () => reject(new Error("websocket failed to open"));
    });
    this.ws.onmessage = (e) => this.received(typeof e.data === "string" ? e.data : "<binary>");
    this.ws.onclose = () => this.markClosed();
  }

  async send(frame: string | Uint8Array<ArrayBuffer>): Promise<void> {
    if (this.ws.readyState === WebSocket.OPEN) this.ws.send(frame);
  }

  close(): void {
    this.ws.close();
  }
}

class RawPolling extends RawEngine {
  private sid = "";
  private stopped = false;
  private readonly base: string;

  constructor(
    url: string,
    private readonly opts: RawOptions,
  ) {
    super();
    this.base = `${url}${SOCKET_PATH}?EIO=4&transport=polling`;
  }

  async handshake(): Promise<void> {
    const res = await fetch(this.base, { headers: this.opts.headers });
    const text = await res.text();
    if (res.status !== 200 || !text.startsWith("0")) throw new Error(`handshake answered ${res.status}: ${text}`);
    this.sid = JSON.parse(text.slice(1)).sid;
    this.received(text);
    void this.pollLoop();
  }

  private async pollLoop(): Promise<void> {
    while (!this.stopped && !this.closedFlag) {
      let res: Response;
      try {
        res = await fetch(`${this.base}&sid=${this.sid}`, { headers: this.opts.headers });
      } catch {
        this.markClosed();
        return;
      }
      const text = await res.text();
      // An unknown session (400) means the server dropped it.
      if (res.status !== 200) return this.markClosed();
      for (const packet of text.split(SEPARATOR)) {
        if (packet === "1") return this.markClosed();
        if (packet && packet !== "6") this.received(packet);
      }
    }
  }

  async send(frame: string | Uint8Array<ArrayBuffer>): Promise<void> {
    const body = typeof frame === "string" ? frame : `b${Buffer.from(frame).toString("base64")}`;
    await fetch(`${this.base}&sid=${this.sid}`, { method: "POST", body, headers: { "content-type": "text/plain;charset=UTF-8", ...this.opts.headers } }).then((r) => r.text()).catch(() => "");
  }

  close(): void {
    this.stopped = true;
    if (!this.closedFlag && this.sid) void this.send("1");
  }
}

/** Opens a raw engine.io connection and waits for the server's open packet. */
export async function rawConnect(url: string, transport: Transport, opts: RawOptions = {}): Promise<RawEngine> {
  if (transport === "polling") {
    const raw = new RawPolling(url, opts);
    await within(raw.handshake(), "polling handshake");
    return raw;
  }
  const raw = new RawWebSocket(url, opts);
  await within(raw.opened, "websocket open");
  await raw.waitFor((f) => f.startsWith("0{"), "engine.io open packet");
  return raw;
}

/**
 * Opens a raw websocket with these headers (to the server's handshake address, or with `exact` to
 * `url` itself); resolves true if it opened, false if refused.
 */
export async function rawWebSocketOpens(url: string, headers: Record<string, string> = {}, exact = false): Promise<boolean> {
  const raw = new RawWebSocket(url, { headers }, exact);
  try {
    await within(raw.opened, "websocket open or refusal");
    return true;
  } catch (err) {
    if (err instanceof Error && err.message.startsWith("timed out")) throw err;
    return false;
  } finally {
    raw.close();
  }
}
