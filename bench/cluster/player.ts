// One player of the cluster bench's load, as the page's connection is (islands/client/connection.ts):
// a WebSocket at /ws?lobby=CODE through HAProxy, join-lobby on every connect, and after a lost
// connection the page's own waits between attempts (retry.ts's retryDelay) until a snapshot comes
// back. WebSocket only: the page's fallback to the event stream is not exercised here.
import { openLink, type Link } from "../../islands/client/link";
import { CONNECT_TIMEOUT_MS, retryDelay } from "../../islands/client/retry";
import { lobbyQuery } from "../../src/shared/lobby-query";
import { encodeFrame } from "../../src/shared/wire";
import type { BenchClient } from "../load/clients";

export interface PlayerEvents {
  frame(from: Player, event: string, payload: any): void;
  /** the connection went without this side closing it */
  lost(from: Player, code: number | undefined): void;
  /** a snapshot arrived; `afterLossMs`, when it follows a lost connection, is the time since the loss */
  synced(from: Player, snapshot: any, afterLossMs: number | undefined): void;
}

export class Player implements BenchClient {
  private link: Link | null = null;
  private joined = false;
  private closed = false;
  private attempt = 0;
  private lostAt: number | undefined;
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    readonly lobby: number,
    readonly id: string,
    readonly token: string,
    private readonly base: string,
    private readonly code: string,
    private readonly on: PlayerEvents,
  ) {
    this.open();
  }

  private open(): void {
    if (this.closed) return;
    let opened = false;
    const link: Link = openLink(
      "websocket",
      this.base,
      {
        open: () => {
          opened = true;
          clearTimeout(this.timer);
          link.send(encodeFrame("join-lobby", { token: this.token }));
        },
        frame: (event, payload: any) => {
          if (event === "lobby-updated" && payload?.updateType === "snapshot") {
            this.joined = true;
            this.attempt = 0;
            const afterLossMs = this.lostAt === undefined ? undefined : performance.now() - this.lostAt;
            this.lostAt = undefined;
            this.on.synced(this, payload, afterLossMs);
          }
          this.on.frame(this, event, payload);
        },
        closed: (code) => {
          if (this.link !== link) return;
          if (opened && this.joined) {
            this.lostAt = performance.now();
            this.on.lost(this, code);
          }
          this.retry();
        },
      },
      undefined,
      lobbyQuery(this.code),
    );
    this.link = link;
    // A connection that has not opened in the page's time is given up and tried again.
    this.timer = setTimeout(() => {
      if (this.link === link && !opened) this.retry();
    }, CONNECT_TIMEOUT_MS);
  }

  private retry(): void {
    this.link?.close();
    this.link = null;
    this.joined = false;
    clearTimeout(this.timer);
    if (!this.closed) this.timer = setTimeout(() => this.open(), retryDelay(++this.attempt));
  }

  /** Joined on the current connection: chat sent now is owed to everyone. */
  connected(): boolean {
    return this.joined;
  }

  send(text: string): void {
    this.link?.send(encodeFrame("chat-message", { message: text, chatType: "game" }));
  }

  close(): void {
    this.closed = true;
    clearTimeout(this.timer);
    this.link?.close();
    this.link = null;
  }
}
