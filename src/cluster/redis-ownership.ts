// The ownership port on Redis (docs/cluster.md "Owning a lobby"): a node holds no lobby at start; it
// claims each when asked about it (one claim per code at a time), loading it as a restart would, and
// asks a live owner to let it go when it is held elsewhere. It hands a lobby over when another node
// asks for it (the lease's `wanted`), and drops them all when its lease runs out.
import { refuse, type Refusal } from "../game/commands";
import { CHAT_HISTORY } from "../game/settings";
import type { HeldLobbies, LobbyOwnership } from "../lobbies/ownership";
import { parseChatLine, parseStoredLobby } from "../lobbies/stored-state";
import { StoreRefusal, type LobbyStorePort, type StoredLobby } from "../lobbies/store-port";
import type { HeldEpochs } from "./held-epochs";
import { LEASE_TTL_MS, type Lease } from "./lease";
import type { Redis } from "./redis";
import { LOST_TOUCH } from "./redis-store";
import { CLAIM, keys, prefixOf, RELEASE } from "./scripts";

/** How long a claim waits for a live owner to let the lobby go (or for a dead one's lease to run out). */
const HAND_OVER_WAIT_MS = LEASE_TTL_MS + 500;
const CLAIM_POLL_MS = 100;
const MOVING = "This lobby is moving between servers; try again in a moment";
const STOPPING = "This server is shutting down; try again in a moment";

/** What one claim found: the lobby now held here, no such lobby, or the live node that holds it. */
type Claim = { taken: StoredLobby } | { absent: true } | { heldBy: string };

export class RedisOwnership implements LobbyOwnership {
  private held: HeldLobbies | null = null;
  /** claims under way, one per code, shared by everyone asking for it meanwhile */
  private readonly claiming = new Map<string, Promise<StoredLobby | null | Refusal>>();
  private stopping = false;

  constructor(
    private readonly redis: Redis,
    private readonly lease: Lease,
    private readonly epochs: HeldEpochs,
    /** where an unreadable lobby is set aside */
    private readonly store: LobbyStorePort,
    private readonly log: (line: string) => void,
    /** a lobby moves at most once in this long (CLUSTER_MOVE_EVERY_MS): a node asking for one that just came to its owner waits */
    private readonly moveEveryMs: number,
  ) {}

  /** Nothing lives here at start: each lobby is claimed when someone asks for it. */
  async atStart(): Promise<StoredLobby[]> {
    return [];
  }

  serve(held: HeldLobbies): void {
    this.held = held;
  }

  locate(code: string): Promise<StoredLobby | null | Refusal> {
    let claim = this.claiming.get(code);
    if (!claim) {
      claim = this.claim(code).finally(() => this.claiming.delete(code));
      this.claiming.set(code, claim);
    }
    return claim;
  }

  /** Whether a load balancer may send it anything: it is not stopping. */
  get taking(): boolean {
    return !this.stopping;
  }

  /** Stops taking lobbies, so the balancer stops sending them here (its health check fails). */
  drain(): void {
    this.stopping = true;
  }

  /** Hands every lobby held here over at once (shutdown). */
  async leave(): Promise<void> {
    this.stopping = true;
    const held = this.held;
    if (held) await Promise.all([...held.codes()].map((code) => held.release(code, () => this.release(code))));
  }

  /** The lease ran out: every lobby held under it may be another node's now. */
  lost(): void {
    this.epochs.clear();
    const held = this.held;
    if (held) for (const code of [...held.codes()]) held.drop(code);
  }

  /** Other nodes asked for these lobbies: each settled one is handed over in its turn. */
  wanted(codes: readonly string[]): void {
    const held = this.held;
    if (!held) return;
    for (const code of codes) {
      if (!held.has(code)) {
        void this.disown(code);
        continue;
      }
      if (!this.epochs.settled(code, this.moveEveryMs)) continue;
      void held.release(code, () => this.release(code)).then((released) => released && this.log(`cluster: handed lobby ${code} over`));
    }
  }

  /** Takes the lobby, asking its live owner for it and waiting a moment if need be. */
  private async claim(code: string): Promise<StoredLobby | null | Refusal> {
    if (this.stopping) return refuse("unavailable", STOPPING);
    const giveUpAt = performance.now() + HAND_OVER_WAIT_MS;
    for (let asked = false; ; ) {
      const found = await this.claimOnce(code);
      if ("taken" in found) return found.taken;
      if ("absent" in found) return null;
      if (performance.now() >= giveUpAt) return refuse("unavailable", MOVING);
      if (!asked) {
        const owner = found.heldBy.slice(0, found.heldBy.indexOf(":"));
        // Read and emptied by the owner's next renewal; left behind by a dead owner, it expires.
        await this.redis
          .call("SADD", [keys.wanted(owner), code])
          .then(() => this.redis.call("PEXPIRE", [keys.wanted(owner), String(HAND_OVER_WAIT_MS)]))
          .catch(() => {});
        asked = true;
      }
      await Bun.sleep(CLAIM_POLL_MS);
    }
  }

  private async claimOnce(code: string): Promise<Claim> {
    // Claimed under a lease not renewed, the lobby would name an owner Redis already takes for dead.
    if (!this.lease.valid) throw new StoreRefusal("unreachable", LOST_TOUCH);
    const reply = (await this.redis.run(CLAIM, [keys.lobby(code), keys.chat(code)], [this.lease.owner, String(CHAT_HISTORY), prefixOf(keys.node)])) as [number, ...unknown[]];
    if (reply[0] === 0) return { absent: true };
    if (reply[0] === 1) return { heldBy: String(reply[1]) };
    const [, epoch, stateJson, updatedAt, lines] = reply as [number, number, string, string, string[]];
    this.epochs.claimed(code, String(epoch));
    const state = parseStoredLobby(stateJson);
    const chat = lines.map(parseChatLine);
    const unreadable = state.ok ? chat.flatMap((line) => (line.ok ? [] : [`chat: ${line.reason}`]))[0] : state.reason;
    if (unreadable !== undefined || !state.ok) {
      this.log(`store: lobby ${code} does not load (${unreadable}); set aside`);
      await Promise.resolve(this.store.commit({ kind: "quarantine", code, reason: unreadable ?? "unreadable" })).catch(() => {});
      return { absent: true };
    }
    return { taken: { state: { ...state.value, chat: chat.flatMap((line) => (line.ok ? [line.value] : [])) }, updatedAt: Number(updatedAt) } };
  }

  /** Gives the lobby up in Redis, so the node that asked for it can claim it: false if it was not this node's any more. */
  private async release(code: string): Promise<boolean> {
    const epoch = this.epochs.epoch(code);
    if (epoch === undefined) return true;
    this.epochs.forget(code);
    return (await this.redis.run(RELEASE, [keys.lobby(code)], [this.lease.owner, epoch]).catch(() => 0)) === 1;
  }

  /**
   * Gives up a lobby Redis still names this node's owner of, though it is not held here any more (a
   * commit that timed out dropped it): without this, the node that asked would wait on it for nothing.
   */
  private async disown(code: string): Promise<void> {
    this.epochs.forget(code);
    await this.redis.run(RELEASE, [keys.lobby(code)], [this.lease.owner, ""]).catch(() => 0);
  }
}
