// What a local cluster asks before it calls a process ready, where it finds the Debian programs,
// and the free ports it hands out.
import { RedisClient } from "bun";

/** One probe's own bound: a paused process must not hold the start-up loop. */
const PROBE_TIMEOUT_MS = 1000;

/** true when `url` answers 200. */
export async function answers200(url: string): Promise<boolean> {
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(PROBE_TIMEOUT_MS) });
    await res.arrayBuffer();
    return res.status === 200;
  } catch {
    return false;
  }
}

/** true when the Redis at `url` answers PING. */
export async function redisAnswers(url: string): Promise<boolean> {
  const client = new RedisClient(url, { autoReconnect: false, connectionTimeout: PROBE_TIMEOUT_MS });
  try {
    return (await client.send("PING", [])) === "PONG";
  } catch {
    return false;
  } finally {
    client.close();
  }
}

/** The path of a program Debian installs (haproxy is in /usr/sbin, which a user's PATH may lack). */
export function program(name: string): string {
  const path = Bun.which(name, { PATH: `${process.env.PATH ?? ""}:/usr/sbin:/usr/bin:/sbin` });
  if (!path) throw new Error(`${name} is not installed (bun run test:setup installs it from Debian)`);
  return path;
}

/**
 * `count` distinct ports free on loopback now. All are held until every one is chosen, so the
 * system cannot hand the same port out twice; a process started moments later binds it.
 */
export async function freePorts(count: number): Promise<number[]> {
  const held = Array.from({ length: count }, () => Bun.listen({ hostname: "127.0.0.1", port: 0, socket: { data() {} } }));
  const ports = held.map((listener) => listener.port);
  for (const listener of held) listener.stop(true);
  return ports;
}
