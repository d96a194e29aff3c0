// The cluster's HAProxy, from Debian's haproxy, on the configuration filled in from
// deploy/haproxy.cfg. `-db` keeps it in the foreground, this process's child; it is ready once its
// own address answers /healthz through a node.
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { Child, type Log } from "./child";
import { haproxyConfig, type HaproxyPlaces } from "./haproxy-config";
import { answers200, program } from "./probes";

export class LocalHaproxy extends Child {
  readonly url: string;
  readonly configPath: string;

  /**
   * `host`: the address HAProxy listens on (loopback, or every interface for phones on the network); `url` is on loopback either way.
   * `moveEveryMs`: the nodes' CLUSTER_MOVE_EVERY_MS, which its health checks' `rise` follows.
   */
  constructor(port: number, dir: string, nodes: HaproxyPlaces["nodes"], log: Log, host = "127.0.0.1", moveEveryMs?: number) {
    const url = `http://127.0.0.1:${port}`;
    const configPath = join(dir, "haproxy.cfg");
    writeFileSync(configPath, haproxyConfig({ listen: `${host}:${port}`, adminSocket: join(dir, "haproxy.sock"), nodes, moveEveryMs }));
    super("haproxy", { command: [program("haproxy"), "-f", configPath, "-db"], ready: () => answers200(`${url}/healthz`), log });
    this.url = url;
    this.configPath = configPath;
  }
}
