// A player who keeps talking: one chat line every so often, each line acknowledged once its sender
// hears it back (the server commits a line before anyone hears it). What a failover test reads to
// tell whether a lobby's chat kept flowing, and which lines were acknowledged.
import type { PlayerSocket } from "./player-socket";

export interface SaidLine {
  text: string;
  chatType: "game" | "team";
  sentAt: number;
  /** when (Date.now()) the sender heard it back; never, if it did not */
  ackedAt?: number;
}

export class Chatter {
  readonly lines: SaidLine[] = [];
  private readonly timer: ReturnType<typeof setInterval>;

  constructor(
    readonly socket: PlayerSocket,
    everyMs: number,
    private readonly chatType: "game" | "team" = "game",
  ) {
    socket.on("chat-message", (m: { message: string }) => {
      const line = this.lines.find((l) => l.text === m.message);
      if (line && line.ackedAt === undefined) line.ackedAt = Date.now();
    });
    this.timer = setInterval(() => this.say(), everyMs);
  }

  private say(): void {
    const text = `${this.socket.label} line ${this.lines.length + 1}`;
    this.lines.push({ text, chatType: this.chatType, sentAt: Date.now() });
    this.socket.emit("chat-message", { message: text, chatType: this.chatType });
  }

  get acked(): SaidLine[] {
    return this.lines.filter((l) => l.ackedAt !== undefined);
  }

  /** Stops talking. */
  stop(): void {
    clearInterval(this.timer);
  }

  /** The longest time between two acknowledgements (or from `from` to the first) within [from, to]. */
  longestSilence(from: number, to: number): number {
    const times = [from, ...this.acked.map((l) => l.ackedAt!).filter((t) => t >= from && t <= to), to];
    return Math.max(...times.slice(1).map((t, i) => t - times[i]!));
  }
}
