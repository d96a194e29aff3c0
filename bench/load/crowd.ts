// A generator's clients, lobby by lobby: opening them a few at a time, what went wrong while they
// ran (by kind), and the chat window their receptions count toward.
import { ChatWindow, sentAtOf } from "./chat-window";
import { openLobby, type BenchClient, type Sink, type Target } from "./clients";

export class Crowd {
  readonly clients: BenchClient[] = [];
  readonly errorKinds: Record<string, number> = {};
  /** the window receptions count toward; none before the first */
  window: ChatWindow | undefined;
  private nextLobby = 0;

  readonly sink: Sink = {
    chat: (message) => {
      const sentAt = sentAtOf(message);
      if (Number.isFinite(sentAt)) this.window?.received(sentAt);
      else this.sink.error("unparseable-chat");
    },
    error: (kind) => void (this.errorKinds[kind] = (this.errorKinds[kind] ?? 0) + 1),
  };

  constructor(
    private readonly target: Target,
    /** clients in flight at a time, whole lobbies at once */
    private readonly concurrency: number,
  ) {}

  get lobbiesOpened(): number {
    return this.nextLobby;
  }

  errors(): number {
    return Object.values(this.errorKinds).reduce((a, b) => a + b, 0);
  }

  connected(): number {
    return this.clients.filter((c) => c.connected()).length;
  }

  /**
   * Opens lobbies until `lobbies` have been tried (a lobby that fails to open counts as an error
   * named by its message's first word); returns the clients it added. `beforeLobby` may hold the
   * workers back, `stop` ends the growth early.
   */
  async grow(lobbies: number, hooks: { beforeLobby?: () => Promise<void> | undefined; stop?: () => boolean } = {}): Promise<BenchClient[]> {
    const added: BenchClient[] = [];
    const worker = async () => {
      while (this.nextLobby < lobbies && !hooks.stop?.()) {
        await hooks.beforeLobby?.();
        if (this.nextLobby >= lobbies) break;
        const lobby = this.nextLobby++;
        try {
          const opened = await openLobby(this.target, lobby, this.sink);
          this.clients.push(...opened);
          added.push(...opened);
        } catch (err) {
          this.sink.error(String((err as Error).message ?? err).split(":")[0] ?? "setup");
        }
      }
    };
    await Promise.all(Array.from({ length: Math.max(1, Math.floor(this.concurrency / this.target.perLobby)) }, worker));
    return added;
  }

  close(): void {
    for (const c of this.clients) c.close();
  }
}
