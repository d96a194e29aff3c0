// Redis's own account of its stalls over a window (its latency monitor, and how often its
// append-only file waited on a disk still busy with the last fsync), so a slow commit can be told
// apart from a slow node. Turning the monitor on changes nothing Redis does but note events.
import { RedisClient } from "bun";

/** Events that took at least this long are noted. */
const THRESHOLD_MS = 10;

export interface RedisStalls {
  /** by event (command, fast-command, aof-write-pending-fsync, ...): the seconds in which one was noted, and the longest, ms */
  events: Record<string, { seconds: number; maxMs: number }>;
  /** times an fsync of the append-only file was still under way when the next was due */
  aofDelayedFsync: number;
}

async function withRedis<T>(url: string, use: (client: RedisClient) => Promise<T>): Promise<T> {
  const client = new RedisClient(url, { autoReconnect: false });
  try {
    return await use(client);
  } finally {
    client.close();
  }
}

/** Starts noting stalls afresh. */
export const watchStalls = (url: string) =>
  withRedis(url, async (client) => {
    await client.send("CONFIG", ["SET", "latency-monitor-threshold", String(THRESHOLD_MS)]);
    await client.send("LATENCY", ["RESET"]);
  });

/** The stalls noted since watchStalls. */
export const stallsSince = (url: string): Promise<RedisStalls> =>
  withRedis(url, async (client) => {
    const latest = (await client.send("LATENCY", ["LATEST"])) as [string, number, number, number][];
    const info = String(await client.send("INFO", ["persistence"]));
    const events: RedisStalls["events"] = {};
    for (const [event, , , maxMs] of latest) events[event] = { seconds: ((await client.send("LATENCY", ["HISTORY", event])) as unknown[]).length, maxMs };
    return {
      events,
      aofDelayedFsync: Number(info.match(/aof_delayed_fsync:(\d+)/)?.[1] ?? NaN),
    };
  });
