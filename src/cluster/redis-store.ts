// The store port on Redis (docs/cluster.md): every commit is one fenced script, at the epoch this node
// holds the lobby at (held-epochs.ts), so a node that lost a lobby can no longer write it. Which lobbies
// a node holds, and how it takes them over, is the ownership's (redis-ownership.ts).
import { CHAT_HISTORY } from "../game/settings";
import type { LobbyState, OwnQuestion, Question } from "../game/types";
import { ownBody } from "../game/own-question-rules";
import { chatJson } from "../lobbies/chat-json";
import { MOVED_MESSAGE, StoreRefusal, type LobbyChange, type LobbyStorePort } from "../lobbies/store-port";
import { isReply, OutcomeUnknown, type Redis } from "./redis";
import { COMMIT, CREATE, keys, lobbyKeys, OWN_BYTES, prefixOf } from "./scripts";
import type { HeldEpochs } from "./held-epochs";
import type { Lease } from "./lease";

export const LOST_TOUCH = "The server lost touch with its shared store; nothing changed, try again shortly";
/** A lobby's keys outlive its idle lifetime by this much, so that its live owner's own expiry comes first. */
const EXPIRY_MARGIN_MS = 60 * 60_000;

export class RedisStore implements LobbyStorePort {
  private readonly ttl: string;

  constructor(
    private readonly redis: Redis,
    private readonly lease: Lease,
    /** the lobbies held here and their epochs, as the ownership (redis-ownership.ts) claims and gives them up */
    private readonly epochs: HeldEpochs,
    idleMs: number,
  ) {
    this.ttl = String(idleMs + EXPIRY_MARGIN_MS);
  }

  async commit(change: LobbyChange): Promise<number> {
    if (!this.lease.valid) throw new StoreRefusal("unreachable", LOST_TOUCH);
    const { code } = change;
    if (change.kind === "create") {
      const created = await this.redis.run(CREATE, [keys.lobby(code)], [this.lease.owner, stateRow(change.state), String(change.at), this.ttl]);
      if (created !== 1) throw new StoreRefusal("taken", "That lobby code is taken");
      this.epochs.created(code);
      return 0;
    }
    const epoch = this.epochs.epoch(code);
    if (epoch === undefined) throw new StoreRefusal("fenced", MOVED_MESSAGE);
    try {
      const changed = Number(await this.redis.run(COMMIT, lobbyKeys(code), [this.lease.owner, epoch, this.ttl, change.kind, code, ...args(change)]));
      if (change.kind === "remove" || change.kind === "quarantine") this.epochs.forget(code);
      return changed;
    } catch (err) {
      // Fenced, or not known to be written: the lobby is read again from Redis by its next claim.
      if (err instanceof OutcomeUnknown || (isReply(err) && String((err as Error).message).includes("FENCED"))) {
        this.epochs.forget(code);
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
    return Number(await this.redis.run(OWN_BYTES, [keys.ownBytes], [prefixOf(keys.lobby)]));
  }

  async close(): Promise<void> {}
}

/** A lobby's row: its chat is a list of its own. */
function stateRow(state: LobbyState): string {
  const { chat: _chat, ...row } = state;
  return JSON.stringify(row);
}

/** The script's arguments after the kind (scripts.ts COMMIT). */
function args(change: Exclude<LobbyChange, { kind: "create" }>): string[] {
  switch (change.kind) {
    case "save":
      return [stateRow(change.state), String(change.at)];
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
