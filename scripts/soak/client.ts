// One soak player: a real socket.io-client connection that, like the real page, sends join-lobby on
// every connect, and can be made to drop and come back (a network blip or a page refresh) or to go
// away for good. Events are kept per step (the orchestrator clears them) so memory stays flat.
import { io, type Socket } from "socket.io-client";
import type { Stats } from "./stats";
import { Waiters } from "../lib/waiting";
import { MISSING, sleep, within } from "./stats";

export type Team = "blue" | "red";
export type Transport = "websocket" | "polling";
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

export class SoakClient {
  socket: Socket;
  /** connects so far; a snapshot for the current one means the client is back in sync */
  epoch = 0;
  private syncedEpoch = -1;
  snapshot: any = null;
  inbox: Received[] = [];
  /** set while a disconnect is the plan (churn, drop, lobby end), so it is not an error */
  expectingDisconnect = false;
  dropped = false;
  private closed = false;
  private readonly waiters = new Waiters();

  constructor(
    readonly seat: Seat,
    readonly label: string,
    private readonly opts: ClientOptions,
    private readonly stats: Stats,
  ) {
    this.socket = this.open();
  }

  private open(): Socket {
    const socket = io(this.opts.url, {
      path: "/socket.io/",
      transports: this.opts.transport === "polling" ? ["polling"] : ["websocket", "polling"],
      forceNew: true,
      timeout: 10_000,
      reconnection: true,
      reconnectionAttempts: 5,
      reconnectionDelay: this.opts.reconnectDelayMs,
      reconnectionDelayMax: this.opts.reconnectDelayMs * 4,
    });
    // The page's rule (islands/client/socket.ts): join the lobby with the token on every connect.
    socket.on("connect", () => {
      this.epoch++;
      socket.emit("join-lobby", { token: this.seat.token });
    });
    socket.onAny((event: string, payload: unknown) => {
      this.stats.events++;
      if (event === "socket-error") this.stats.error(`socket-error on ${this.label}: ${JSON.stringify(payload)}`);
      if (event === "lobby-updated" && (payload as any)?.updateType === "snapshot") {
        this.snapshot = payload;
        this.syncedEpoch = this.epoch;
      }
      this.inbox.push({ event, payload });
      this.wake();
    });
    socket.on("disconnect", (reason) => {
      if (!this.expectingDisconnect && !this.closed) this.stats.error(`unexpected disconnect of ${this.label}: ${reason}`);
      this.wake();
    });
    socket.io.on("reconnect_failed", () => this.stats.error(`${this.label} gave up reconnecting`));
    return socket;
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
    return this.syncedEpoch === this.epoch && this.socket.connected;
  }

  /** Waits for the snapshot of the current connection. */
  sync(): Promise<any> {
    return this.until(() => (this.synced ? this.snapshot : undefined), "snapshot");
  }

  emit(event: string, payload: unknown): void {
    this.socket.emit(event, payload);
  }

  /**
   * Drops and comes back, resolving with the snapshot that resyncs it. A blip kills the transport
   * and lets the client reconnect by itself; a refresh is a new page: leave-lobby, a new socket.
   */
  async churn(kind: Churn): Promise<any> {
    this.expectingDisconnect = true;
    const before = this.epoch;
    if (kind === "blip") {
      this.socket.io.engine.close();
    } else {
      const old = this.socket;
      old.emit("leave-lobby", { token: this.seat.token });
      old.disconnect();
      old.offAny();
      old.off();
      await sleep(this.opts.reconnectDelayMs);
      this.socket = this.open();
    }
    const snapshot = await this.until(() => (this.epoch > before && this.synced ? this.snapshot : undefined), "resync snapshot");
    this.expectingDisconnect = false;
    return snapshot;
  }

  /** Goes away for good; the seat stays. Half the time the page says leave-lobby first. */
  drop(sayLeave: boolean): void {
    this.dropped = true;
    this.expectingDisconnect = true;
    if (sayLeave) this.socket.emit("leave-lobby", { token: this.seat.token });
    this.close();
  }

  /**
   * Goes away for good the unlucky way: the page reloads and dies while joining, so join-lobby
   * arrives and the connection closes right behind it. The player must end up away all the same.
   */
  async dropWhileJoining(): Promise<void> {
    this.dropped = true;
    this.expectingDisconnect = true;
    const old = this.socket;
    old.disconnect();
    old.offAny();
    old.off();
    const socket = io(this.opts.url, { path: "/socket.io/", transports: ["websocket"], forceNew: true, reconnection: false, timeout: 10_000 });
    this.socket = socket;
    this.closed = true;
    await within(
      new Promise<void>((resolve) => {
        socket.once("connect", () => {
          socket.emit("join-lobby", { token: this.seat.token });
          socket.disconnect();
          resolve();
        });
        socket.once("connect_error", (err) => {
          this.stats.error(`${this.label} could not reconnect to die while joining: ${err.message}`);
          resolve();
        });
      }),
      `connect of ${this.label}`,
      this.opts.timeoutMs,
    );
  }

  close(): void {
    this.closed = true;
    this.socket.disconnect();
  }
}
