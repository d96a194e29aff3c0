// A local cluster for the bench (scripts/cluster/start-cluster.ts): Redis, HAProxy and nodes as they
// ship, with the per-address budgets lifted (every client is this machine) and no AI key; with
// `quotaCores`, each node in a CPU quota of its own (cpu-quota.ts). The nodes' and Redis's lines that
// tell of a fault or a stall are kept for the report; the rest of the cluster's chatter is dropped.
import { startCluster, type Cluster } from "../../scripts/cluster/start-cluster";
import { SERVER_COMMAND } from "../../scripts/cluster/node";
import { LIFTED_LIMITS } from "../../scripts/lib/lifted-limits";
import { CpuQuota } from "./cpu-quota";

const FAULT = /^(n\d+|redis): .*(fault|uncaught|unhandled|error|failed|ran out|too long)/i;

export interface BenchCluster {
  cluster: Cluster;
  /** by node id, when the nodes have quotas */
  quotas: Record<string, CpuQuota>;
  /** every process of the cluster by name (n1.., haproxy, redis) */
  pids(): Record<string, number>;
  /** the nodes' and Redis's lines that tell of a fault or a stall, each behind the seconds since the cluster started */
  faults: string[];
  /** seconds since the cluster started, the clock its faults are told by */
  seconds(): number;
  stop(): Promise<void>;
}

export async function startBenchCluster(nodes: number, quotaCores?: number): Promise<BenchCluster> {
  const quotas: Record<string, CpuQuota> = {};
  const faults: string[] = [];
  const started = performance.now();
  const seconds = () => (performance.now() - started) / 1000;
  const cluster = await startCluster({
    nodes,
    log: (line) => void (FAULT.test(line) && faults.length < 100 && faults.push(`${seconds().toFixed(1)} s ${line}`)),
    nodeEnv: () => ({ ...LIFTED_LIMITS, ANTHROPIC_API_KEY: "" }),
    nodeCommand: quotaCores === undefined ? undefined : (id) => (quotas[id] = new CpuQuota(`stealmate-bench-${process.pid}-${id}`, quotaCores)).wrap(SERVER_COMMAND),
  }).catch((err) => {
    for (const quota of Object.values(quotas)) quota.remove();
    throw err;
  });
  return {
    cluster,
    quotas,
    pids: () => ({ ...Object.fromEntries(cluster.nodes.map((n) => [n.id, n.pid])), haproxy: cluster.haproxy.pid, redis: cluster.redis.pid }),
    faults,
    seconds,
    async stop() {
      await cluster.stop();
      for (const quota of Object.values(quotas)) quota.remove();
    },
  };
}
