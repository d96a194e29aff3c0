// How promptly each part of the cluster answers while it is under load, asked from outside every
// 100 ms: each node's GET /healthz straight to the node (its event loop, no Redis call in it),
// Redis's PING, and /healthz through HAProxy. A chat line's delay is made of these hops, so their
// tails say which part the time goes to.
import { RedisClient } from "bun";
import { Samples, type Spread } from "../load/chat-window";

const EVERY_MS = 100;
const TIMEOUT_MS = 5000;

export class Responsiveness {
  private readonly samples = new Map<string, Samples>();
  private readonly timer: ReturnType<typeof setInterval>;
  private readonly redis: RedisClient;

  /** `urls`: name to a /healthz address; `redisUrl`: the cluster's Redis. */
  constructor(urls: Record<string, string>, redisUrl: string) {
    this.redis = new RedisClient(redisUrl, { autoReconnect: false });
    const probes: [string, () => Promise<unknown>][] = [
      ...Object.entries(urls).map(([name, url]): [string, () => Promise<unknown>] => [name, () => fetch(url, { signal: AbortSignal.timeout(TIMEOUT_MS) }).then((res) => res.arrayBuffer())]),
      ["redis", () => this.redis.send("PING", [])],
    ];
    for (const [name] of probes) this.samples.set(name, new Samples());
    this.timer = setInterval(() => {
      for (const [name, probe] of probes) {
        const sent = performance.now();
        // A probe that fails (a node killed) is simply not counted.
        probe().then(() => this.samples.get(name)!.add(performance.now() - sent), () => {});
      }
    }, EVERY_MS);
  }

  /** Each part's answer times, ms, since the start; and stops asking. */
  stop(): Record<string, Spread> {
    clearInterval(this.timer);
    this.redis.close();
    return Object.fromEntries([...this.samples].map(([name, samples]) => [name, samples.spread()]));
  }
}
