// The cluster's Redis, from Debian's redis-server, as docs/cluster.md "Keys" runs it: every write
// in the append-only file, flushed each second, nothing ever evicted, no snapshots. Not daemonized,
// so it stays this process's child; stopped and started again it keeps its port, its folder and its
// password, and reloads what it had from the append-only file there.
//
// It asks for a password (docs/cluster.md "Redis's password"): without one any local user could read
// a round's correct answer and a team's lock. A random one, written with `requirepass` into a file
// only this user may read, in Redis's own folder, rather than on its command line, which every
// user sees in `ps`; the nodes get it in REDIS_URL (redis://:PASSWORD@127.0.0.1:PORT).
import { randomBytes } from "node:crypto";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { Child, type Log } from "./child";
import { program, redisAnswers } from "./probes";

export class LocalRedis extends Child {
  readonly url: string;
  readonly password: string;

  constructor(
    readonly port: number,
    readonly dir: string,
    log: Log,
  ) {
    const password = randomBytes(24).toString("hex");
    const config = join(dir, "redis.conf");
    writeFileSync(config, `requirepass ${password}\n`, { mode: 0o600 });
    const url = `redis://:${password}@127.0.0.1:${port}`;
    super("redis", {
      command: [program("redis-server"), config, "--port", String(port), "--bind", "127.0.0.1", "--dir", dir, "--daemonize", "no", "--appendonly", "yes", "--appendfsync", "everysec", "--maxmemory-policy", "noeviction", "--save", ""],
      ready: () => redisAnswers(url),
      log,
    });
    this.url = url;
    this.password = password;
  }
}
