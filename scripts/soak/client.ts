// One soak player: a connection over the page's own links (islands/client/link.ts), on a WebSocket
// or on the fallback, that like the real page sends join-lobby on every connect and comes back by
// itself after a lost connection, and can be made to drop and come back (a network blip or a page
// refresh) or to go away for good. Events are kept per step (the orchestrator clears them) so memory
// stays flat.
import "../lib/event-source";
import { openLink, type Link, type LinkKind } from "../../islands/client/link";
import { CLOSE, encodeFrame } from "../../src/shared/wire";
import type { Stats } from "./stats";
import { Waiters } from "../lib/waiting";
import { MISSING, sleep, within } from "./stats";

export type Team = "blue" | "red";
export type Transport = LinkKind;
export type Churn = "blip" | "refresh";

export interface Seat {
  id: string;
  name: string;
  token: string;
  team: Team;
}

export interface ClientOptions {
  url: string;
  transport: Transport;
  reconnectDelayMs: number;
  timeoutMs: number;
}

interface Received {
  event: string;
  payload: any;
}

/** Attempts in a row after which a lost client gives up and counts an error (the page itself never gives up). */
const RECONNECT_ATTEMPTS = 5;

export class SoakClient {
  private link: Link | null = null;
  /** open now */
  connected = false;
  /** connects so far; a snapshot for the current one means the client is back in sync */
  epoch = 0;
  private syncedEpoch = -1;
  snapshot: any = null;
  inbox: Received[] = [];
  /** set while a disconnect is the plan (churn, drop, lobby end), so it is not an error */
  expectingDisconnect = false;
  dropped = false;
  private closed = false;
  private failures = 0;
  private retry: ReturnType<typeof setTimeout> | undefined;
  private readonly waiters = new Waiters();

  constructor(
    readonly seat: Seat,
    readonly label: string,
    private readonly opts: ClientOptions,
    private readonly stats: Stats,
  ) {
    this.open();
  }

  private open(): void {
    const link: Link = openLink(this.opts.transport, this.opts.url, {
      // The page's rule (islands/client/connection.ts): join the lobby with the token on every connect.
      open: () => {
        this.connected = true;
        this.failures = 0;
        this.epoch++;
        link.send(encodeFrame("join-lobby", { token: this.seat.token }));
        this.wake();
      },
      frame: (event, payload: any) => {
        this.stats.events++;
        if (event === "socket-error") this.stats.error(`socket-error on ${this.label}: ${JSON.stringify(payload)}`);
        if (event === "lobby-updated" && payload?.updateType === "snapshot") {
          this.snapshot = payload;
          this.syncedEpoch = this.epoch;
        }
        this.inbox.push({ event, payload });
        this.wake();
      },
      closed: (code) => {
        if (this.link === link) this.lost(code);
      },
    });
    this.link = link;
  }

  /** The connection went, or could not open: an error unless planned; back after a delay unless the server is done with it. */
  private lost(code: number | undefined): void {
    const wasOpen = this.connected;
    this.link = null;
    this.connected = false;
    this.wake();
    if (this.closed) return;
    if (wasOpen && !this.expectingDisconnect) this.stats.error(`unexpected disconnect of ${this.label}: close ${code ?? "without a code"}`);
    if (code === CLOSE.done) return;
    if (!wasOpen && ++this.failures >= RECONNECT_ATTEMPTS) return this.stats.error(`${this.label} gave up reconnecting`);
    this.retry = setTimeout(() => this.open(), this.opts.reconnectDelayMs);
  }

  private wake(): void {
    this.waiters.wake();
  }

  /** Resolves with `check`'s first defined value, re-checked on every event. */
  until<T>(check: () => T | undefined, what: string): Promise<T> {
    return this.waiters.until(check, `${what} on ${this.label}`, this.opts.timeoutMs, MISSING);
  }

  /** The first `event` in the inbox matching `where`, waiting for it if need be. */
  waitFor(event: string, where: (payload: any) => boolean = () => true): Promise<any> {
    return this.until(() => this.inbox.find((r) => r.event === event && where(r.payload))?.payload, `"${event}"`);
  }

  events(event: string): any[] {
    return this.inbox.filter((r) => r.event === event).map((r) => r.payload);
  }

  clear(): void {
    this.inbox = [];
  }

  get synced(): boolean {
    return this.syncedEpoch === this.epoch && this.connected;
  }

  /** Waits for the snapshot of the current connection. */
  sync(): Promise<any> {
    return this.until(() => (this.synced ? this.snapshot : undefined), "snapshot");
  }

  emit(event: string, payload: unknown): void {
    this.link?.send(encodeFrame(event, payload));
  }

  /** Ends the current link from this side, with nothing more heard from it. */
  private cut(): void {
    clearTimeout(this.retry);
    this.link?.close();
    this.link = null;
    this.connected = false;
  }

  /**
   * Drops and comes back, resolving with the snapshot that resyncs it. A blip loses the connection
   * and comes back by itself, as the page does; a refresh is a new page: leave-lobby, a new connection.
   */
  async churn(kind: Churn): Promise<any> {
    this.expectingDisconnect = true;
    const before = this.epoch;
    if (kind === "refresh") this.emit("leave-lobby", { token: this.seat.token });
    this.cut();
    if (kind === "refresh") await sleep(this.opts.reconnectDelayMs);
    this.retry = setTimeout(() => this.open(), kind === "blip" ? this.opts.reconnectDelayMs : 0);
    const snapshot = await this.until(() => (this.epoch > before && this.synced ? this.snapshot : undefined), "resync snapshot");
    this.expectingDisconnect = false;
    return snapshot;
  }

  /** Goes away for good; the seat stays. Half the time the page says leave-lobby first. */
  drop(sayLeave: boolean): void {
    this.dropped = true;
    this.expectingDisconnect = true;
    if (sayLeave) this.emit("leave-lobby", { token: this.seat.token });
    this.close();
  }

  /**
   * Goes away for good the unlucky way: the page reloads and dies while joining, so join-lobby
   * arrives and the connection closes right behind it. The player must end up away all the same.
   */
  async dropWhileJoining(): Promise<void> {
    this.dropped = true;
    this.expectingDisconnect = true;
    this.close();
    await within(
      new Promise<void>((resolve) => {
        const link = openLink(this.opts.transport, this.opts.url, {
          open: () => {
            link.send(encodeFrame("join-lobby", { token: this.seat.token }));
            link.close();
            resolve();
          },
          frame: () => {},
          closed: () => {
            this.stats.error(`${this.label} could not reconnect to die while joining`);
            resolve();
          },
        });
      }),
      `connect of ${this.label}`,
      this.opts.timeoutMs,
    );
  }

  close(): void {
    this.closed = true;
    this.cut();
  }
}
