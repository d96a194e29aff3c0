// Room chat at a steady rate: a ticker (1 ms by default) keeps the total rate exact; clients take
// turns in a shuffled order, so each sends at about `rate` a second with its sends spread over the
// second. A short tick keeps arrivals close to independent clients'; a long one sends synchronised
// bursts. Clients can join the rotation while it runs (the capacity ramp adds lobbies under load).
import type { BenchClient } from "./clients";
import { stamp, sentAtOf } from "./chat-window";

export class ChatSender {
  private clients: BenchClient[] = [];
  private order: number[] = [];
  private roomSize = new Map<number, number>();
  private timer: ReturnType<typeof setInterval> | undefined;
  private base = 0;
  private sentSinceBase = 0;
  private turn = 0;
  /** sends skipped because the generator itself fell more than half a second behind */
  skipped = 0;

  constructor(
    private readonly rate: number,
    private readonly tickMs: number,
    /** told of each line as it goes: its stamp, the size of the room it goes to and its sender */
    private readonly onSend: (sentAt: number, roomSize: number, from: BenchClient) => void,
  ) {}

  /** Adds clients to the rotation; the rate follows the new count from now on. */
  add(clients: BenchClient[]): void {
    for (const c of clients) {
      this.clients.push(c);
      this.roomSize.set(c.lobby, (this.roomSize.get(c.lobby) ?? 0) + 1);
    }
    this.order = this.clients.map((_, i) => i);
    for (let i = this.order.length - 1; i > 0; i--) {
      const j = Math.floor(Math.random() * (i + 1));
      [this.order[i], this.order[j]] = [this.order[j]!, this.order[i]!];
    }
    this.base = performance.now();
    this.sentSinceBase = 0;
  }

  start(): void {
    this.base = performance.now();
    this.sentSinceBase = 0;
    this.timer = setInterval(() => this.tick(), this.tickMs);
  }

  stop(): void {
    clearInterval(this.timer);
    this.timer = undefined;
  }

  private tick(): void {
    const perMs = (this.clients.length * this.rate) / 1000;
    let due = Math.floor((performance.now() - this.base) * perMs) - this.sentSinceBase;
    const cap = Math.max(1, Math.ceil(perMs * 500));
    if (due > cap) {
      this.skipped += due - cap;
      this.sentSinceBase += due - cap;
      due = cap;
    }
    for (; due > 0; due--) {
      const client = this.clients[this.order[this.turn++ % this.order.length]!]!;
      this.sentSinceBase++;
      if (!client.connected()) continue;
      const text = stamp(this.turn);
      this.onSend(sentAtOf(text), this.roomSize.get(client.lobby) ?? 0, client);
      client.send(text);
    }
  }
}
