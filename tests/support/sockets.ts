// Realtime helpers for tests: one client per player over the page's own links (islands/client/link.ts),
// on a WebSocket or on the fallback (server-sent events + POST), every event it receives recorded in
// order, and waits that time out after a few seconds instead of hanging.
import "../../scripts/lib/event-source";
import { openLink, type Link, type LinkKind } from "../../islands/client/link";
import { readClaims } from "../../islands/client/token";
import { lobbyQuery } from "../../src/shared/lobby-query";
import { CLOSE, encodeFrame } from "../../src/shared/wire";
import { within as waitWithin, Waiters } from "../../scripts/lib/waiting";

export type Transport = LinkKind;
/** Every realtime test runs over both. */
export const TRANSPORTS: readonly Transport[] = ["websocket", "stream"];
/**
 * How long a test waits for the network to deliver something: a bound on a hang, never a figure
 * under test. 2 s was overrun on a loaded machine (`bun run test` with other work beside it).
 */
export const NET_TIMEOUT_MS = 5000;

export interface Received {
  event: string;
  payload: any;
  /** position in the client's log */
  seq: number;
}

export interface ConnectOptions {
  /** request headers (an Origin) */
  headers?: Record<string, string>;
  /** the lobby every request of the link names (?lobby=CODE), as a page's does; none when unset */
  lobby?: string;
}

/** Why a connection ended, named from its close code. */
export function closeReason(code: number | undefined): string {
  switch (code) {
    case CLOSE.done:
      return "server disconnect";
    case CLOSE.violation:
      return "policy violation";
    case CLOSE.tooBig:
      return "frame too big";
    case CLOSE.restart:
      return "server restarting";
    case 1007:
      return "invalid utf-8";
    default:
      return "transport close";
  }
}

/** Rejects after `ms` (the network timeout unless given) with a message naming what was awaited. */
export const within = <T,>(promise: Promise<T>, what: string, ms = NET_TIMEOUT_MS): Promise<T> => waitWithin(promise, what, ms);

/** A connection that records every event it receives. */
export class Client {
  readonly log: Received[] = [];
  /** open now */
  connected = false;
  /** why the connection went away, once it has */
  disconnectReason: string | null = null;
  /** how many events had arrived when the connection went away */
  eventsBeforeDisconnect: number | null = null;
  /** heartbeats heard (they are not in the log) */
  heartbeats = 0;
  private link: Link | null = null;
  private readonly taken = new Set<number>();
  private readonly waiters = new Waiters();

  constructor(
    readonly url: string,
    readonly label: string,
    readonly transport: Transport = "websocket",
    private readonly opts: ConnectOptions = {},
  ) {
    this.open();
  }

  /** Opens a new link; a reconnecting client calls it again after a loss. */
  protected open(): void {
    const link: Link = openLink(
      this.transport,
      this.url,
      {
        open: () => {
          this.connected = true;
          this.disconnectReason = null;
          this.opened();
          this.wake();
        },
        frame: (event, payload) => {
          // The server's keep-alive, every few seconds: counted, kept out of the log of events.
          if (event === "heartbeat") return void (this.heartbeats++, this.wake());
          this.log.push({ event, payload, seq: this.log.length });
          this.received(event, payload);
          this.wake();
        },
        closed: (code) => {
          if (this.link === link) this.ended(closeReason(code));
        },
      },
      this.opts.headers,
      this.opts.lobby === undefined ? undefined : lobbyQuery(this.opts.lobby),
    );
    this.link = link;
  }

  /** Hooks for subclasses. */
  protected opened(): void {}
  protected received(_event: string, _payload: unknown): void {}

  protected ended(reason: string): void {
    this.link = null;
    this.connected = false;
    this.disconnectReason = reason;
    this.eventsBeforeDisconnect = this.log.length;
    this.wake();
  }

  protected wake(): void {
    this.waiters.wake();
  }

  /**
   * Resolves when `check` returns something other than undefined, re-checked on every arrival. A
   * timeout says what the connection was doing: open or gone (and why), and the last events it heard.
   */
  protected until<T>(check: () => T | undefined, what: string, ms: number): Promise<T> {
    return this.waiters.until(check, `${what} on ${this.label}`, ms).catch((err: Error) => {
      throw new Error(`${err.message} (${this.state()})`);
    });
  }

  private state(): string {
    const link = this.connected ? "connected" : `not connected: ${this.disconnectReason ?? "never opened"}`;
    const last = this.log.slice(-3).map((r) => r.event);
    return `${link}; ${this.log.length} events heard${last.length ? `, the last ${last.join(", ")}` : ""}`;
  }

  /** Resolves once open; rejects if the connection ended first. */
  async waitOpen(ms = NET_TIMEOUT_MS): Promise<void> {
    const outcome = await this.until(() => (this.connected ? "open" : (this.disconnectReason ?? undefined)), "open", ms);
    if (outcome !== "open") throw new Error(`${this.label} could not connect: ${outcome}`);
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

  /** Resolves once `count` heartbeats have been heard in all. */
  waitForHeartbeats(count: number, ms = NET_TIMEOUT_MS): Promise<void> {
    return this.until(() => (this.heartbeats >= count ? true : undefined), `heartbeat #${count}`, ms).then(() => {});
  }

  /** Resolves once `n` events have arrived since log position `from`. */
  waitForCount(from: number, n: number, ms = NET_TIMEOUT_MS): Promise<void> {
    return this.until(() => (this.log.length - from >= n ? true : undefined), `${n} events`, ms).then(() => {});
  }

  /** Resolves with the reason the connection ended. */
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
    this.send(encodeFrame(event, payload));
  }

  /** Sends one frame as it is, well-formed or not. */
  send(text: string): void {
    this.link?.send(text);
  }

  /** Sends join-lobby and waits for the snapshot (`lobby-updated` with updateType "snapshot"). */
  async join(token: string): Promise<any> {
    this.emit("join-lobby", { token });
    return this.waitFor("lobby-updated", (p) => p?.updateType === "snapshot");
  }

  /** Closes from this side, as a page that goes away (the server cannot tell it from a dropped network). */
  close(): void {
    const link = this.link;
    if (!link) return;
    link.close();
    this.ended("client disconnect");
  }
}

/** Every client a test opened, so one call closes them all. */
export class Clients {
  private readonly all: Client[] = [];

  constructor(
    readonly url: string,
    readonly transport: Transport,
  ) {}

  /** Connects (and, given a token, joins the lobby, waiting for the snapshot): given a token, the link names its lobby, as a page's does. */
  async connect(label: string, token?: string, opts: ConnectOptions = {}): Promise<Client> {
    const client = new Client(this.url, label, this.transport, { lobby: readClaims(token ?? null)?.lobby, ...opts });
    this.all.push(client);
    await client.waitOpen();
    if (token) await client.join(token);
    return client;
  }

  /** Tries to connect and expects a refusal; resolves with how it ended. */
  async refused(opts: ConnectOptions = {}): Promise<string> {
    const client = new Client(this.url, "refused", this.transport, opts);
    this.all.push(client);
    const outcome = await client.waitOpen().then(
      () => null,
      () => client.disconnectReason,
    );
    if (outcome === null) throw new Error("connection was accepted");
    return outcome;
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
