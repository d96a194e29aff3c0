// Changes committed outside any command (a lobby created, expired, dropped at start or set aside), and
// the count of everything waiting on the store, commands included: what shutdown and tests wait on.
import { storageRefused } from "./storage-fault";
import { committing, type LobbyChange, type LobbyStorePort } from "./store-port";

export class LoneWrites {
  /** commits and jobs not answered yet, of every lobby */
  pending = 0;

  constructor(
    private readonly store: LobbyStorePort,
    private readonly log: (line: string) => void,
  ) {}

  /** Commits a change: null once durable, else what the store refused it with. */
  commit(change: LobbyChange): Promise<{ refused: unknown } | null> {
    this.pending++;
    return committing(this.store, change).then(
      () => {
        this.pending--;
        return null;
      },
      (refused: unknown) => {
        this.pending--;
        return { refused };
      },
    );
  }

  /** Commits a change no one waits on; true once durable, false (logged) when the store refused it. */
  async write(change: LobbyChange, what: string): Promise<boolean> {
    const failed = await this.commit(change);
    if (failed) storageRefused(this.log, what, failed.refused);
    return failed === null;
  }
}
