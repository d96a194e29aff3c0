// A player's page as the chaos and cluster tests drive it: a Client (sockets.ts) that reconnects by
// itself after a loss, sends join-lobby on every connect (as islands/client/connection.ts does) and
// names its token's lobby on every request, as a page's link does. How long it waits before each
// attempt is the caller's: the chaos suite's quick back-off, or the page's own schedule (retry.ts).
import { readClaims } from "../../islands/client/token";
import { Client, type Transport } from "./sockets";

/** The wait before attempt `n` (1-based) since the connection was last open. */
export type RetryDelay = (attempt: number) => number;

/** 100, 200, then 300 ms: quick, for a test that only wants the server found again. */
export const QUICK_RETRY: RetryDelay = (attempt) => Math.min(300, 100 * 2 ** (attempt - 1));

/** One loss of an open connection. */
export interface Loss {
  reason: string;
  /** when (Date.now()) */
  at: number;
  /** how many events the log held by then */
  logged: number;
}

export class PlayerSocket extends Client {
  /** how many times the connection has opened */
  connects = 0;
  /** arrival time (Date.now(), same clock as the server's endsAt) of every event, by log position */
  readonly arrivals: number[] = [];
  /** every loss of an open connection, in order */
  readonly losses: Loss[] = [];
  private readonly listeners = new Map<string, ((payload: any) => void)[]>();
  /** attempts since the last open, for the back-off */
  private attempts = 0;
  private stopped = false;
  private retry: ReturnType<typeof setTimeout> | undefined;

  constructor(
    url: string,
    label: string,
    readonly token: string,
    transport: Transport = "websocket",
    private readonly delay: RetryDelay = QUICK_RETRY,
  ) {
    super(url, label, transport, { lobby: readClaims(token)?.lobby });
  }

  /** the reason of every loss of an open connection, in order */
  get disconnects(): string[] {
    return this.losses.map((loss) => loss.reason);
  }

  /** Calls `fn` with every `event` as it arrives. */
  on(event: string, fn: (payload: any) => void): void {
    this.listeners.set(event, [...(this.listeners.get(event) ?? []), fn]);
  }

  protected override opened(): void {
    this.connects++;
    this.attempts = 0;
    this.emit("join-lobby", { token: this.token });
  }

  protected override received(event: string, payload: unknown): void {
    this.arrivals.push(Date.now());
    for (const fn of this.listeners.get(event) ?? []) fn(payload);
  }

  protected override ended(reason: string): void {
    const wasOpen = this.connected;
    super.ended(reason);
    if (this.stopped) return;
    if (wasOpen) this.losses.push({ reason, at: Date.now(), logged: this.log.length });
    this.retry = setTimeout(() => this.open(), this.delay(++this.attempts));
  }

  override close(): void {
    this.stopped = true;
    clearTimeout(this.retry);
    super.close();
  }

  /** Resolves once disconnected `times` times in all. */
  untilDisconnected(times: number, ms = 5000): Promise<void> {
    return this.until(() => this.losses.length >= times || undefined, `disconnect #${times}`, ms).then(() => {});
  }

  /** When the first event named `event` from log position `from` on arrived. */
  arrivalOf(event: string, from = 0): number | undefined {
    const hit = this.log.find((r) => r.seq >= from && r.event === event);
    return hit ? this.arrivals[hit.seq] : undefined;
  }
}
