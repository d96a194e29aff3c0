// Stealmate as it ships: `bun run src/server.ts` on loopback, port 0, a fresh data folder, and a join
// rate high enough for the bench to seat its players. NODE_ENV is left for the server to decide, as
// `bun run start` would.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startServer, type Server } from "./proc";
import { LIFTED_LIMITS } from "../../scripts/lib/lifted-limits";

export async function startStealmate(env: Record<string, string | undefined> = {}): Promise<Server> {
  const dataDir = mkdtempSync(join(tmpdir(), "stealmate-bench-data-"));
  const server = await startServer("stealmate", ["bun", "run", "src/server.ts"], {
    HOST: "127.0.0.1",
    PORT: "0",
    DATA_DIR: dataDir,
    ...LIFTED_LIMITS,
    JWT_SECRET: `bench-${crypto.randomUUID()}`,
    NODE_ENV: undefined,
    ...env,
  }).catch((err) => {
    rmSync(dataDir, { recursive: true, force: true });
    throw err;
  });
  const stop = server.stop;
  return {
    ...server,
    async stop() {
      await stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
