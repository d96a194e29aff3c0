// The cluster's Redis as the failover tests stop and start it: on the same port and folder, what
// it had comes back from its append-only file, after a SIGTERM and after a kill -9 alike.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { RedisClient } from "bun";
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { freePorts } from "../../scripts/cluster/probes";
import { LocalRedis } from "../../scripts/cluster/redis";

const dir = mkdtempSync(join(tmpdir(), "stealmate-redis-test-"));
const output: string[] = [];
let redis: LocalRedis;

beforeAll(async () => {
  const [port] = await freePorts(1);
  redis = new LocalRedis(port!, dir, (line) => output.push(line));
  await redis.start(10_000);
});
afterAll(async () => {
  await redis?.stop();
  rmSync(dir, { recursive: true, force: true });
});

async function withClient<T>(use: (client: RedisClient) => Promise<T>): Promise<T> {
  const client = new RedisClient(redis.url, { autoReconnect: false });
  try {
    return await use(client);
  } finally {
    client.close();
  }
}

describe("the cluster's Redis", () => {
  test("asks for a password, which is on no command line: without it nothing is read", async () => {
    const anonymous = new RedisClient(`redis://127.0.0.1:${redis.port}`, { autoReconnect: false });
    try {
      await expect(anonymous.send("GET", ["sm:node:n1"])).rejects.toThrow(/NOAUTH|auth/i);
    } finally {
      anonymous.close();
    }
    expect(await withClient((c) => c.send("PING", []))).toBe("PONG");
    expect(redis.url).toBe(`redis://:${redis.password}@127.0.0.1:${redis.port}`);
    expect(readFileSync(`/proc/${redis.pid}/cmdline`, "utf8")).not.toContain(redis.password);
    expect(statSync(join(dir, "redis.conf")).mode & 0o077).toBe(0);
  });

  test("runs with the append-only file flushed each second, no eviction and no snapshots", async () => {
    // Redis 7 answers CONFIG GET as a map (an object here).
    const config: Record<string, string> = await withClient((c) => c.send("CONFIG", ["GET", "appendonly", "appendfsync", "maxmemory-policy", "save"]));
    expect({ ...config }).toEqual({ appendonly: "yes", appendfsync: "everysec", "maxmemory-policy": "noeviction", save: "" });
    expect(readdirSync(dir)).toContain("appendonlydir");
  });

  test("stopped and started again, or killed and started again, it keeps its port and what it had", async () => {
    await withClient((c) => c.set("sm:test", "kept"));
    const firstPid = redis.pid;
    await redis.stop();
    expect(redis.running).toBe(false);
    await redis.start(10_000);
    expect(redis.pid).not.toBe(firstPid);
    expect(await withClient((c) => c.get("sm:test"))).toBe("kept");

    // A kill -9 right after a write: the write reached the file (the system's cache) before the reply.
    await withClient((c) => c.set("sm:test", "after kill"));
    await redis.kill9();
    await redis.start(10_000);
    expect(await withClient((c) => c.get("sm:test"))).toBe("after kill");
  });
});
