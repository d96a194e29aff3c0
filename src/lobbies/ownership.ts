// Where a lobby lives, as a port (after Colyseus' Presence and LocalPresence): this process, or another
// node of a cluster. One machine holds every lobby it has (LocalOwnership); a cluster's node takes each
// over when asked for it, and hands it over when another node is (src/cluster/redis-ownership.ts,
// docs/cluster.md "Owning a lobby"). The registry (service.ts) asks it once per lobby it does not
// hold, so no caller ever has to make sure a lobby is here before looking it up.
import type { Refusal } from "../game/commands";
import type { StoredLobby } from "./store-port";

/** The lobbies a registry holds, as its ownership sees them: to hand one over, or let them all go. */
export interface HeldLobbies {
  codes(): Iterable<string>;
  has(code: string): boolean;
  /** Lets a lobby go to another server in its turn (no commit of it out): `handOver` gives it up; false when it could not. */
  release(code: string, handOver: () => Promise<boolean>): Promise<boolean>;
  /** Forgets a lobby here without touching the store: another server holds it now. */
  drop(code: string): void;
}

export interface LobbyOwnership {
  /** The lobbies that live here from the start: every saved one on one machine; none on a cluster's node, which takes each over when asked. */
  atStart(): Promise<StoredLobby[]>;
  /**
   * Where a lobby not held here is. Null when that is known at once (on one machine it is nowhere);
   * else a promise of the lobby to take over, null when there is none anywhere, or why it cannot be
   * had now (it is moving, or the shared store is unreachable).
   */
  locate(code: string): Promise<StoredLobby | null | Refusal> | null;
  /** Called once, by the registry it serves, as that is made: from then on it hands over and drops that registry's lobbies. */
  serve(held: HeldLobbies): void;
}

/** Every saved lobby that passes validation (SQLite's store; one that fails is set aside, not loaded). */
export interface SavedLobbies {
  loadAll(): Promise<StoredLobby[]>;
}

/** One machine: every saved lobby is here from the start, and a lobby not here is nowhere. */
export class LocalOwnership implements LobbyOwnership {
  constructor(private readonly saved: SavedLobbies) {}

  atStart(): Promise<StoredLobby[]> {
    return this.saved.loadAll();
  }

  locate(): null {
    return null;
  }

  serve(): void {}
}
