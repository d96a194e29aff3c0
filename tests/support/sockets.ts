// Socket helpers for realtime tests: a real socket.io-client per player, every event it receives
// recorded in order, and waits that time out after a couple of seconds instead of hanging.
import { within as waitWithin, Waiters } from "../../scripts/lib/waiting";
import { io, type Socket } from "socket.io-client";

export type Transport = "websocket" | "polling";
export const TRANSPORTS: readonly Transport[] = ["websocket", "polling"];
export const SOCKET_PATH = "/socket.io/";
/** How long a test waits for the network to deliver something. */
export const NET_TIMEOUT_MS = 2000;

export interface Received {
  event: string;
  payload: any;
  /** position in the client's log */
  seq: number;
}

export interface ConnectOptions {
  extraHeaders?: Record<string, string>;
}

/** Rejects after `ms` (the network timeout unless given) with a message naming what was awaited. */
export const within = <T,>(promise: Promise<T>, what: string, ms = NET_TIMEOUT_MS): Promise<T> => waitWithin(promise, what, ms);

/** A socket.io-client connection that records every event it receives (socket.onAny). */
export class Client {
  readonly log: Received[] = [];
  /** why the socket went away, once it has */
  disconnectReason: string | null = null;
  /** how many events had arrived when the socket went away */
  eventsBeforeDisconnect: number | null = null;
  private readonly taken = new Set<number>();
  private readonly waiters = new Waiters();

  constructor(
    readonly socket: Socket,
    readonly label: string,
  ) {
    socket.onAny((event: string, ...args: unknown[]) => {
      this.log.push({ event, payload: args[0], seq: this.log.length });
      this.wake();
    });
    socket.on("disconnect", (reason) => {
      this.disconnectReason = reason;
      this.eventsBeforeDisconnect = this.log.length;
      this.wake();
    });
  }

  private wake(): void {
    this.waiters.wake();
  }

  /** Resolves when `check` returns something other than undefined, re-checked on every arrival. */
  private until<T>(check: () => T | undefined, what: string, ms: number): Promise<T> {
    return this.waiters.until(check, `${what} on ${this.label}`, ms);
  }

  /**
   * The first received `event` (matching `where`) that no earlier waitFor took; waits for it to
   * arrive if it has not yet. Taking in order makes repeated events (one per round) line up.
   */
  waitFor(event: string, where: (payload: any) => boolean = () => true, ms = NET_TIMEOUT_MS): Promise<any> {
    return this.until(
      () => {
        const hit = this.log.find((r) => r.event === event && !this.taken.has(r.seq) && where(r.payload));
        if (!hit) return undefined;
        this.taken.add(hit.seq);
        return hit.payload;
      },
      `"${event}"`,
      ms,
    );
  }

  /** Resolves with the disconnect reason. */
  waitForDisconnect(ms = NET_TIMEOUT_MS): Promise<string> {
    return this.until(() => this.disconnectReason ?? undefined, "disconnect", ms);
  }

  /** The log position now, for `since`. */
  mark(): number {
    return this.log.length;
  }

  since(mark: number): Received[] {
    return this.log.slice(mark);
  }

  events(name: string): any[] {
    return this.log.filter((r) => r.event === name).map((r) => r.payload);
  }

  /** Every event name and payload received, as one JSON text to search for secrets. */
  json(from = 0, to = this.log.length): string {
    return JSON.stringify(this.log.slice(from, to));
  }

  emit(event: string, payload?: unknown): void {
    this.socket.emit(event, payload);
  }

  /** Sends join-lobby and waits for the snapshot (`lobby-updated` with updateType "snapshot"). */
  async join(token: string): Promise<any> {
    this.emit("join-lobby", { token });
    return this.waitFor("lobby-updated", (p) => p?.updateType === "snapshot");
  }

  get connected(): boolean {
    return this.socket.connected;
  }

  close(): void {
    this.socket.disconnect();
  }
}

function open(url: string, transport: Transport, opts: ConnectOptions): Socket {
  return io(url, {
    path: SOCKET_PATH,
    transports: [transport],
    // one engine.io connection per client: without forceNew, clients of one URL would share it
    forceNew: true,
    reconnection: false,
    timeout: NET_TIMEOUT_MS,
    extraHeaders: opts.extraHeaders,
  });
}

/** Every client a test opened, so one call closes them all. */
export class Clients {
  private readonly all: Client[] = [];

  constructor(
    readonly url: string,
    readonly transport: Transport,
  ) {}

  /** Connects (and, given a token, joins the lobby, waiting for the snapshot). */
  async connect(label: string, token?: string, opts: ConnectOptions = {}): Promise<Client> {
    const socket = open(this.url, this.transport, opts);
    const client = new Client(socket, label);
    this.all.push(client);
    await within(
      new Promise<void>((resolve, reject) => {
        socket.once("connect", () => resolve());
        socket.once("connect_error", (err) => reject(new Error(`${label} could not connect: ${err.message}`)));
      }),
      `connect of ${label}`,
    );
    if (token) await client.join(token);
    return client;
  }

  /** Tries to connect and expects a refusal; resolves with the connect_error. */
  async refused(opts: ConnectOptions = {}): Promise<Error> {
    const socket = open(this.url, this.transport, opts);
    this.all.push(new Client(socket, "refused"));
    return within(
      new Promise<Error>((resolve, reject) => {
        socket.once("connect", () => reject(new Error("connection was accepted")));
        socket.once("connect_error", (err) => resolve(err));
      }),
      "connect_error",
    );
  }

  closeAll(): void {
    for (const client of this.all) client.close();
  }
}

/**
 * Proves `client` got nothing it should not have so far: sends `probe` from `sender` as a room chat
 * message and waits for it on `client`. One server, one connection, in-order delivery: anything
 * emitted to `client` before the probe has arrived by the time the probe does.
 */
export async function flush(sender: Client, ...clients: Client[]): Promise<void> {
  const text = `probe-${crypto.randomUUID()}`;
  sender.emit("chat-message", { message: text, chatType: "game" });
  await Promise.all([...new Set([sender, ...clients])].map((c) => c.waitFor("chat-message", (m) => m?.message === text)));
}
