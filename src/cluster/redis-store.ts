// The store port on Redis (docs/cluster.md): every commit is one fenced script, so a node that lost a
// lobby can no longer write it. A node holds no lobby at start; it claims each when asked about it,
// loading it as a restart would. The epoch of each lobby held here is kept, to be checked by every write.
import { CHAT_HISTORY } from "../game/settings";
import type { OwnQuestion, Question } from "../game/types";
import { chatJson } from "../lobbies/chat-json";
import { parseChatLine, parseStoredLobby } from "../lobbies/stored-state";
import { MOVED_MESSAGE, ownBody, StoreRefusal, type LobbyChange, type LobbyStorePort, type StoredLobby } from "../lobbies/store-port";
import { isReply, OutcomeUnknown, type Redis } from "./redis";
import { CLAIM, COMMIT, CREATE, keys, lobbyKeys, OWN_BYTES, RELEASE } from "./scripts";
import type { Lease } from "./lease";

const LOST_TOUCH = "The server lost touch with its shared store; nothing changed, try again shortly";
/** A lobby's keys outlive its idle lifetime by this much, so that its live owner's own expiry comes first. */
const EXPIRY_MARGIN_MS = 60 * 60_000;

/** What a claim found: the lobby now held here, no such lobby, or the live node that holds it. */
export type Claim = { taken: StoredLobby } | { absent: true } | { heldBy: string };

interface Held {
  epoch: string;
  /** when (performance.now()) it came to this node from another; never, for one created here */
  movedAt: number;
}

export class RedisStore implements LobbyStorePort {
  private readonly held = new Map<string, Held>();
  private readonly ttl: string;

  constructor(
    private readonly redis: Redis,
    private readonly lease: Lease,
    idleMs: number,
    private readonly log: (line: string) => void,
  ) {
    this.ttl = String(idleMs + EXPIRY_MARGIN_MS);
  }

  /** Nothing is loaded at start: each lobby is claimed when someone asks for it. */
  async loadAll(): Promise<StoredLobby[]> {
    return [];
  }

  async claim(code: string): Promise<Claim> {
    // Claimed under a lease not renewed, the lobby would name an owner Redis already takes for dead.
    if (!this.lease.valid) throw new StoreRefusal("unreachable", LOST_TOUCH);
    const reply = (await this.redis.run(CLAIM, [keys.lobby(code), keys.chat(code)], [this.lease.owner, String(CHAT_HISTORY)])) as [number, ...unknown[]];
    if (reply[0] === 0) return { absent: true };
    if (reply[0] === 1) return { heldBy: String(reply[1]) };
    const [, epoch, stateJson, updatedAt, lines] = reply as [number, number, string, string, string[]];
    const previous = this.held.get(code);
    this.held.set(code, { epoch: String(epoch), movedAt: previous ? previous.movedAt : performance.now() });
    const state = parseStoredLobby(stateJson);
    const chat = lines.map(parseChatLine);
    const unreadable = state.ok ? chat.flatMap((line) => (line.ok ? [] : [`chat: ${line.reason}`]))[0] : state.reason;
    if (unreadable !== undefined || !state.ok) {
      this.log(`store: lobby ${code} does not load (${unreadable}); set aside`);
      await this.commit({ kind: "quarantine", code, reason: unreadable ?? "unreadable" }).catch(() => {});
      return { absent: true };
    }
    return { taken: { state: { ...state.value, chat: chat.flatMap((line) => (line.ok ? [line.value] : [])) }, updatedAt: Number(updatedAt) } };
  }

  /** Whether the lobby may be handed over now: it has not moved in the last `quietMs`. */
  settled(code: string, quietMs: number): boolean {
    const held = this.held.get(code);
    return held !== undefined && performance.now() - held.movedAt >= quietMs;
  }

  /** Gives the lobby up in Redis, so the node that asked for it can claim it: false if it was not this node's any more. */
  async release(code: string): Promise<boolean> {
    const held = this.held.get(code);
    if (!held) return true;
    this.held.delete(code);
    return (await this.redis.run(RELEASE, [keys.lobby(code)], [this.lease.owner, held.epoch]).catch(() => 0)) === 1;
  }

  /**
   * Gives up a lobby Redis still names this node's owner of, though it is not held here any more (a
   * commit that timed out dropped it): without this, the node that asked would wait on it for nothing.
   */
  async disown(code: string): Promise<void> {
    this.held.delete(code);
    await this.redis.run(RELEASE, [keys.lobby(code)], [this.lease.owner, ""]).catch(() => 0);
  }

  /** Every lobby held here is forgotten: the lease they were held under is gone. */
  forgetAll(): void {
    this.held.clear();
  }

  async commit(change: LobbyChange): Promise<number> {
    if (!this.lease.valid) throw new StoreRefusal("unreachable", LOST_TOUCH);
    const { code } = change;
    const held = this.held.get(code);
    if (!held) {
      if (change.kind !== "save") throw new StoreRefusal("fenced", MOVED_MESSAGE);
      const { chat: _chat, ...row } = change.state;
      const created = await this.redis.run(CREATE, [keys.lobby(code)], [this.lease.owner, JSON.stringify(row), String(change.at), this.ttl]);
      if (created !== 1) throw new StoreRefusal("taken", "That lobby code is taken");
      this.held.set(code, { epoch: "1", movedAt: Number.NEGATIVE_INFINITY });
      return 0;
    }
    try {
      const changed = Number(await this.redis.run(COMMIT, lobbyKeys(code), [this.lease.owner, held.epoch, this.ttl, change.kind, ...args(change)]));
      if (change.kind === "remove" || change.kind === "quarantine") this.held.delete(code);
      return changed;
    } catch (err) {
      // Fenced, or not known to be written: the lobby is read again from Redis by its next claim.
      if (err instanceof OutcomeUnknown || (isReply(err) && String((err as Error).message).includes("FENCED"))) {
        this.held.delete(code);
        throw new StoreRefusal("fenced", MOVED_MESSAGE);
      }
      throw err;
    }
  }

  async ownQuestions(code: string): Promise<OwnQuestion[]> {
    const all = (await this.redis.call("HGETALL", [keys.own(code)])) as Record<string, string>;
    return Object.entries(all)
      .map(([id, body]) => ({ id: Number(id), ...(JSON.parse(body) as Question) }))
      .sort((a, b) => a.id - b.id);
  }

  async ownQuestionBytesInAll(): Promise<number> {
    return Number(await this.redis.run(OWN_BYTES, [keys.ownBytes], []));
  }

  async close(): Promise<void> {}
}

/** The script's arguments after the kind (scripts.ts COMMIT). */
function args(change: LobbyChange): string[] {
  switch (change.kind) {
    case "save": {
      const { chat: _chat, ...row } = change.state;
      return [JSON.stringify(row), String(change.at)];
    }
    case "chat":
      return [chatJson(change.message), String(change.message.timestamp), String(CHAT_HISTORY)];
    case "remove":
      return ["", String(Date.now())];
    case "quarantine":
      return [change.reason, String(Date.now())];
    case "addOwn":
      return ["", String(change.at), ...change.questions.map((q) => JSON.stringify(ownBody(q)))];
    case "updateOwn":
      return [String(change.id), String(change.at), JSON.stringify(ownBody(change.question))];
    case "removeOwn":
      return [String(change.id), String(change.at)];
  }
}
