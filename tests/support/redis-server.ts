// A Redis of the test's own, from Debian's redis-server, on a free loopback port with its AOF in a
// temporary folder: stopped and started again on the same port and folder, as an outage would.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Subprocess } from "bun";

export interface TestRedis {
  url: string;
  port: number;
  /** SIGKILL: down at once */
  kill(): Promise<void>;
  /** started again on the same port and AOF */
  start(): Promise<void>;
  pause(): void;
  resume(): void;
  /** one command through redis-cli */
  cli(...args: string[]): Promise<string>;
  dispose(): Promise<void>;
}

function freePort(): number {
  const probe = Bun.listen({ hostname: "127.0.0.1", port: 0, socket: { data() {} } });
  const { port } = probe;
  probe.stop(true);
  return port;
}

export async function startRedis(): Promise<TestRedis> {
  const dir = mkdtempSync(join(tmpdir(), "stealmate-redis-"));
  const port = freePort();
  let child: Subprocess | null = null;
  const cli = async (...args: string[]) => {
    const run = Bun.spawn(["redis-cli", "-p", String(port), ...args], { stdout: "pipe", stderr: "pipe" });
    const out = await new Response(run.stdout).text();
    await run.exited;
    return out.trim();
  };
  const start = async () => {
    child = Bun.spawn(["redis-server", "--port", String(port), "--bind", "127.0.0.1", "--dir", dir, "--appendonly", "yes", "--appendfsync", "everysec", "--save", "", "--maxmemory-policy", "noeviction"], { stdout: "ignore", stderr: "ignore" });
    for (let i = 0; i < 100; i++) {
      if ((await cli("PING")) === "PONG") return;
      await Bun.sleep(50);
    }
    throw new Error(`redis-server did not start on ${port}`);
  };
  const kill = async () => {
    child?.kill("SIGKILL");
    await child?.exited;
    child = null;
  };
  await start();
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    kill,
    start,
    pause: () => child?.kill("SIGSTOP"),
    resume: () => child?.kill("SIGCONT"),
    cli,
    async dispose() {
      child?.kill("SIGCONT");
      await kill();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
