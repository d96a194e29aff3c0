// The cluster's Redis, from Debian's redis-server, as docs/cluster.md "Keys" runs it: every write
// in the append-only file, flushed each second, nothing ever evicted, no snapshots. Not daemonized,
// so it stays this process's child; stopped and started again it keeps its port and its folder,
// and reloads what it had from the append-only file there.
import { Child, type Log } from "./child";
import { program, redisAnswers } from "./probes";

export class LocalRedis extends Child {
  readonly url: string;

  constructor(
    readonly port: number,
    readonly dir: string,
    log: Log,
  ) {
    const url = `redis://127.0.0.1:${port}`;
    super("redis", {
      command: [program("redis-server"), "--port", String(port), "--bind", "127.0.0.1", "--dir", dir, "--daemonize", "no", "--appendonly", "yes", "--appendfsync", "everysec", "--maxmemory-policy", "noeviction", "--save", ""],
      ready: () => redisAnswers(url),
      log,
    });
    this.url = url;
  }
}
