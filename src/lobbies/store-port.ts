// What the lobby service needs from storage, as a port (which lobbies live here is the ownership port's, ownership.ts): SQLite on one machine (store.ts), which
// answers a commit at once, and stores that are asynchronous by nature (a cluster's Redis). A change
// is answered once it is durable, and only then does the service replace the lobby's state or tell
// anyone (docs/architecture.md "The data flow"); a change the store refuses throws or rejects, and
// nothing of it was written.
import type { ChatMessage, LobbyState, OwnQuestion, Question } from "../game/types";

export interface StoredLobby {
  state: LobbyState;
  updatedAt: number;
}

/** One lobby's changes from one command, written whole or not at all. */
export type LobbyChange =
  /** A new lobby: refused (StoreRefusal "taken") when a store shared by several servers knows its code already. */
  | { kind: "create"; code: string; state: LobbyState; at: number }
  | { kind: "save"; code: string; state: LobbyState; at: number }
  /** The message's timestamp is the lobby's last activity: a chat line writes one row, not the whole lobby. */
  | { kind: "chat"; code: string; message: ChatMessage }
  | { kind: "remove"; code: string }
  /** A lobby whose rules keep failing: its rows go where no start will load them. */
  | { kind: "quarantine"; code: string; reason: string }
  | { kind: "addOwn"; code: string; questions: readonly Question[]; at: number }
  | { kind: "updateOwn"; code: string; id: number; question: Question; at: number }
  | { kind: "removeOwn"; code: string; id: number; at: number };

export interface LobbyStorePort {
  /**
   * Durable when it returns the number of own-question rows it changed, or a promise that resolves
   * to it; refused when it throws or the promise rejects. A store that can answer at once does: the
   * service then goes on in the same turn, with no promise per command (docs/decisions.md "Commits
   * off the event loop").
   */
  commit(change: LobbyChange): number | Promise<number>;
  ownQuestions(code: string): Promise<OwnQuestion[]>;
  /** The bytes of every lobby's own questions together (the server-wide quota). */
  ownQuestionBytesInAll(): Promise<number>;
  /** Writes what was accepted, then lets go of the storage. */
  close(): Promise<void>;
}

/**
 * A refusal the store can say more of than "not written": the code is another lobby's (a store shared
 * by several servers), the lobby is another server's now (fenced), or the store cannot be reached.
 * Nothing of the change was written.
 */
export const MOVED_MESSAGE = "This lobby moved to another server; reconnecting";

export class StoreRefusal extends Error {
  constructor(
    readonly why: "taken" | "fenced" | "unreachable",
    message: string,
  ) {
    super(message);
  }
}

/** The commit as a promise either way, for the callers off the chat path. */
export function committing(store: LobbyStorePort, change: LobbyChange): Promise<number> {
  try {
    return Promise.resolve(store.commit(change));
  } catch (err) {
    return Promise.reject(err);
  }
}
