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
}

export interface RedisCutter {
  url: string;
  /** Loses Redis's answer to the next command that holds `marker`. */
  cutAfter(marker: string): void;
  stop(): void;
}

export async function redisCutter(redisUrl: string): Promise<RedisCutter> {
  const target = new URL(redisUrl);
  const [port] = await freePorts(1);
  let marker: string | null = null;
  const upstreams = new Set<Socket<undefined>>();
  const server = Bun.listen<Pair>({
    hostname: "127.0.0.1",
    port: port!,
    socket: {
      open(client) {
        const pair: Pair = { cutting: false, upstream: Promise.resolve(null as never) };
        pair.upstream = Bun.connect({
          hostname: target.hostname,
          port: Number(target.port),
          socket: {
            data(_upstream, chunk) {
              // Redis keeps its side: it runs what it was sent; only this client stops hearing.
              if (pair.cutting) return void client.end();
              client.write(chunk);
            },
            close: () => void client.end(),
          },
        }).then((upstream) => (upstreams.add(upstream), upstream));
        client.data = pair;
      },
      async data(client, chunk) {
        const pair = client.data;
        if (marker !== null && Buffer.from(chunk).includes(marker)) {
          marker = null;
          pair.cutting = true;
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
    stop() {
      server.stop(true);
      for (const upstream of upstreams) upstream.end();
    },
  };
}
