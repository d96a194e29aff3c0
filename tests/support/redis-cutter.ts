// A TCP proxy in front of a Redis that can lose an answer: armed with a marker, it passes on the
// next command whose bytes hold the marker, lets Redis run it, and closes its client's connection
// at Redis's next answer instead of passing that on. The command ran; its caller never hears so, as
// when a connection breaks between a command and its reply.
import type { Socket } from "bun";
import { freePorts } from "../../scripts/cluster/probes";

interface Pair {
  upstream: Promise<Socket<undefined>>;
  /** the marked command went through: the next answer is lost, and the client's connection with it */
  cutting: boolean;
  /** the end of what the client sent last while a marker was armed, so a marker split between two reads is still seen */
  tail: Buffer;
}

export interface RedisCutter {
  url: string;
  /** Loses Redis's answer to the next command that holds `marker`. */
  cutAfter(marker: string): void;
  /** An answer was lost: the marked command went through and its connection was closed. */
  readonly cut: boolean;
  stop(): void;
}

const NOTHING = Buffer.alloc(0);

export async function redisCutter(redisUrl: string): Promise<RedisCutter> {
  const target = new URL(redisUrl);
  const [port] = await freePorts(1);
  let marker: string | null = null;
  let cut = false;
  const upstreams = new Set<Socket<undefined>>();
  const server = Bun.listen<Pair>({
    hostname: "127.0.0.1",
    port: port!,
    socket: {
      open(client) {
        const pair: Pair = { cutting: false, tail: NOTHING, upstream: Promise.resolve(null as never) };
        pair.upstream = Bun.connect({
          hostname: target.hostname,
          port: Number(target.port),
          socket: {
            data(_upstream, chunk) {
              // Redis keeps its side: it runs what it was sent; only this client stops hearing.
              if (pair.cutting) return void ((cut = true), client.end());
              client.write(chunk);
            },
            close: () => void client.end(),
          },
        }).then((upstream) => (upstreams.add(upstream), upstream));
        client.data = pair;
      },
      async data(client, chunk) {
        const pair = client.data;
        if (marker === null) pair.tail = NOTHING;
        else {
          // TCP may split a command between two reads, and the marker with it.
          const seen = Buffer.concat([pair.tail, chunk]);
          if (seen.includes(marker)) {
            marker = null;
            pair.cutting = true;
          } else pair.tail = seen.subarray(Math.max(0, seen.length - Buffer.byteLength(marker) + 1));
        }
        (await pair.upstream).write(chunk);
      },
      async close(client) {
        if (!client.data.cutting) (await client.data.upstream).end();
      },
    },
  });
  return {
    // The same credentials: the proxy passes the AUTH on like any command.
    url: `redis://${target.username || target.password ? `${target.username}:${target.password}@` : ""}127.0.0.1:${port}`,
    cutAfter(m) {
      marker = m;
    },
    get cut() {
      return cut;
    },
    stop() {
      server.stop(true);
      for (const upstream of upstreams) upstream.end();
    },
  };
}
