// The proxy the cluster's tests lose Redis's answers with (support/redis-cutter.ts). TCP may hand it a
// command in two reads: the marker split between them must still be seen, or a test waiting for the
// node to react to a lost answer waits for an answer that was passed on.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { redisCutter } from "../support/redis-cutter";
import { startRedis, type TestRedis } from "../support/redis-server";
import { within } from "../support/sockets";

let redis: TestRedis;
beforeAll(async () => {
  redis = await startRedis();
});
afterAll(() => redis.dispose());

/** A command as Redis reads it (RESP). */
const resp = (...args: string[]) => `*${args.length}\r\n${args.map((a) => `$${Buffer.byteLength(a)}\r\n${a}\r\n`).join("")}`;

test("a command whose marker comes in two reads is run by Redis, and its answer is lost with the connection", async () => {
  const cutter = await redisCutter(redis.url);
  try {
    const { hostname, port, password } = new URL(cutter.url);
    let heard = "";
    const ended = Promise.withResolvers<void>();
    const authed = Promise.withResolvers<void>();
    const socket = await Bun.connect({
      hostname,
      port: Number(port),
      socket: {
        data(_socket, chunk) {
          heard += chunk.toString();
          if (heard === "+OK\r\n") authed.resolve();
        },
        close: () => ended.resolve(),
      },
    });
    socket.write(resp("AUTH", decodeURIComponent(password)));
    await within(authed.promise, "AUTH's answer", 3000);

    cutter.cutAfter("split-marker");
    const command = resp("RPUSH", "cut-list", "split-marker");
    const at = command.indexOf("split-") + "split-".length;
    socket.write(command.slice(0, at));
    await Bun.sleep(50);
    socket.write(command.slice(at));

    await within(ended.promise, "the connection to be closed", 3000);
    expect(heard).toBe("+OK\r\n");
    expect(cutter.cut).toBe(true);
    expect(await redis.cli("LRANGE", "cut-list", "0", "-1")).toBe("split-marker");
  } finally {
    cutter.stop();
  }
});
