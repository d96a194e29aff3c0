// The cluster's one Redis connection (docs/cluster.md): Bun's own client, with its offline queue off
// (a command while Redis is away fails at once instead of waiting for it) and every call raced
// against a timeout, so a stalled Redis is a refused command, never a stuck one.
import { RedisClient } from "bun";
import { StoreRefusal } from "../lobbies/store-port";

/** Past this a call is taken as failed; its outcome is unknown (it may still run). */
export const CALL_TIMEOUT_MS = 1000;

export const UNREACHABLE = "The server could not save this (its shared store is unreachable); nothing changed, try again shortly";

/**
 * A call whose outcome is unknown: it did not answer in time, or its connection broke after it was
 * sent. It may have run or not.
 */
export class OutcomeUnknown extends Error {}

/** A script, sent by its hash once Redis knows it (EVALSHA), by its text when Redis does not (a restarted Redis). */
export interface Script {
  text: string;
  sha: string;
}

export const script = (text: string): Script => ({ text, sha: new Bun.CryptoHasher("sha1").update(text).digest("hex") });

export class Redis {
  private readonly client: RedisClient;
  private reconnecting: Promise<unknown> | null = null;

  constructor(url: string) {
    this.client = new RedisClient(url, { enableOfflineQueue: false, autoReconnect: true, maxRetries: 0xffffffff, connectionTimeout: CALL_TIMEOUT_MS });
  }

  /** The first connection; a node does not start without its store, nor wait for it for ever. */
  async connect(waitMs = 10_000): Promise<void> {
    let timer: ReturnType<typeof setTimeout> | undefined;
    try {
      await Promise.race([this.client.connect(), new Promise((_, reject) => (timer = setTimeout(() => reject(new Error(`no answer within ${waitMs} ms`)), waitMs)))]);
    } catch (err) {
      this.client.close();
      throw err;
    } finally {
      clearTimeout(timer);
    }
  }

  /**
   * One command; rejects with a StoreRefusal when Redis cannot be reached (the command was not sent),
   * OutcomeUnknown when it did not answer in time or its connection broke while it was out.
   */
  async call(command: string, args: string[]): Promise<unknown> {
    const sent = this.client.connected;
    if (!sent) this.reconnect();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new OutcomeUnknown(`Redis did not answer ${command} within ${CALL_TIMEOUT_MS} ms`)), CALL_TIMEOUT_MS);
    });
    try {
      return await Promise.race([this.client.send(command, args), late]);
    } catch (err) {
      if (err instanceof OutcomeUnknown || isReply(err)) throw err;
      // Redis may have run it and lost only its answer with the connection.
      if (sent) throw new OutcomeUnknown(`Redis's connection broke while ${command} was out: ${err instanceof Error ? err.message : String(err)}`);
      throw new StoreRefusal("unreachable", UNREACHABLE);
    } finally {
      clearTimeout(timer);
    }
  }

  /** Runs a script on its keys: one atomic step in Redis. */
  async run(s: Script, keys: string[], args: string[]): Promise<unknown> {
    const params = [String(keys.length), ...keys, ...args];
    try {
      return await this.call("EVALSHA", [s.sha, ...params]);
    } catch (err) {
      if (!(isReply(err) && String((err as Error).message).includes("NOSCRIPT"))) throw err;
      return this.call("EVAL", [s.text, ...params]);
    }
  }

  /** Bun reconnects by itself; past its retries it stops, so a call on a closed connection starts it again. */
  private reconnect(): void {
    this.reconnecting ??= this.client.connect().then(
      () => (this.reconnecting = null),
      () => (this.reconnecting = null),
    );
  }

  close(): void {
    this.client.close();
  }
}

/** An error Redis itself answered (a script's refusal, a wrong command), as opposed to a lost connection. */
export function isReply(err: unknown): boolean {
  return err instanceof Error && (err as Error & { code?: string }).code === "ERR_REDIS_SERVER_ERROR";
}
