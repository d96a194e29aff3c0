// A Redis of the test's own (the cluster launcher's, scripts/cluster/redis.ts) on a free loopback
// port with its AOF in a temporary folder: killed and started again on the same port and folder, as
// an outage would be.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { freePorts, program } from "../../scripts/cluster/probes";
import { LocalRedis } from "../../scripts/cluster/redis";

const START_MS = 5000;

export interface TestRedis {
  url: string;
  /** SIGKILL: down at once */
  kill(): Promise<void>;
  /** started again on the same port and AOF */
  start(): Promise<void>;
  /** one command through redis-cli, its answer as printed */
  cli(...args: string[]): Promise<string>;
  dispose(): Promise<void>;
}

export async function startRedis(): Promise<TestRedis> {
  const dir = mkdtempSync(join(tmpdir(), "stealmate-redis-"));
  const [port] = await freePorts(1);
  const redis = new LocalRedis(port!, dir, () => {});
  await redis.start(START_MS);
  return {
    url: redis.url,
    kill: () => redis.kill9(),
    start: () => redis.start(START_MS),
    async cli(...args) {
      // The password in the environment, where redis-cli looks for it, not on a command line.
      const run = Bun.spawn([program("redis-cli"), "-p", String(port), ...args], { stdout: "pipe", stderr: "pipe", env: { ...process.env, REDISCLI_AUTH: redis.password } });
      const out = await new Response(run.stdout).text();
      await run.exited;
      return out.trim();
    },
    async dispose() {
      await redis.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
