// `bun run cluster [--nodes N] [--port P]`: a cluster on this machine (Redis and N nodes on loopback,
// HAProxy on every interface so that phones on the network open the address the pages show;
// scripts/cluster/start-cluster.ts). Once every process answers it prints one JSON line on
// stdout (the address and each process's pid) for a script to read; everything else, each line
// behind its process's name, goes to stderr. SIGINT or SIGTERM stops it all and exits 0; a process
// that dies while starting stops the rest and exits 1.
import { parseArgs } from "node:util";
import { z } from "zod";
import { startCluster, type Cluster } from "./cluster/start-cluster";

const argsSchema = z.object({
  nodes: z.coerce.number().int().min(1).max(64).default(3),
  port: z.coerce.number().int().min(1).max(65535).optional(),
});

function readArgs(): z.infer<typeof argsSchema> {
  try {
    const { values } = parseArgs({ options: { nodes: { type: "string" }, port: { type: "string" } } });
    return argsSchema.parse(values);
  } catch (err) {
    const why = err instanceof z.ZodError ? err.issues.map((i) => `--${i.path.join(".")}: ${i.message}`).join("; ") : String(err instanceof Error ? err.message : err);
    console.error(`cluster: ${why}\nusage: bun run cluster [--nodes N] [--port P]`);
    process.exit(1);
  }
}

const args = readArgs();
const started: Promise<Cluster> = startCluster({ nodes: args.nodes, port: args.port, everyInterface: true }).catch((err: unknown) => {
  console.error(`cluster: did not start: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});

let stopping = false;
async function stop(signal: string): Promise<void> {
  if (stopping) return;
  stopping = true;
  console.error(`cluster: ${signal}, stopping the nodes, then HAProxy, then Redis`);
  // A signal during start-up waits for it to end, so what was started is stopped in order too.
  await (await started).stop();
  process.exit(0);
}
process.on("SIGINT", () => void stop("SIGINT"));
process.on("SIGTERM", () => void stop("SIGTERM"));

const cluster = await started;
if (!stopping) process.stdout.write(`${JSON.stringify(cluster.summary())}\n`);
