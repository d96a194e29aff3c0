// A Stealmate node of a local cluster, ready once its /healthz answers 200. Its command is
// `bun run src/server.ts` unless the caller gives another (a stub backend, or the server under a
// wrapper); either way it reads where to listen and its name from its environment.
import { Child, type Log } from "./child";
import { answers200 } from "./probes";

export const SERVER_COMMAND = [process.execPath, "run", "src/server.ts"];

export class ClusterNode extends Child {
  readonly url: string;

  constructor(
    readonly id: string,
    readonly port: number,
    readonly dataDir: string,
    command: string[],
    env: Record<string, string | undefined>,
    log: Log,
  ) {
    const url = `http://127.0.0.1:${port}`;
    super(id, { command, env: { ...env, HOST: "127.0.0.1", PORT: String(port), DATA_DIR: dataDir, NODE_ID: id }, ready: () => answers200(`${url}/healthz`), log });
    this.url = url;
  }
}
