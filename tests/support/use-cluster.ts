// One local cluster per test file (docs/cluster.md): 3 real nodes behind HAProxy, started before the
// file's tests and stopped after them, with every party made on it closed first.
import { afterAll, beforeAll } from "bun:test";
import { startCluster, type Cluster, type ClusterOptions } from "../../scripts/cluster/start-cluster";
import { clusterEnv, clusterParty, type ClusterParty } from "./cluster-party";
import type { Transport } from "./sockets";

/** Start-up may include building the island bundles. */
const START_MS = 60_000;

export interface ClusterUse {
  /** the running cluster (from the file's first test on) */
  readonly cluster: Cluster;
  /** clusterParty() on it, closed when the file is done */
  party(transports: Transport[], prefix?: string): Promise<ClusterParty>;
}

export function useCluster(options: ClusterOptions = {}): ClusterUse {
  let cluster: Cluster | undefined;
  const parties: ClusterParty[] = [];
  beforeAll(async () => {
    cluster = await startCluster({ nodes: 3, nodeEnv: clusterEnv, ...options });
  }, START_MS);
  afterAll(async () => {
    for (const party of parties) party.close();
    await cluster?.stop();
  });
  const use: ClusterUse = {
    get cluster() {
      if (!cluster) throw new Error("the cluster is not running (yet)");
      return cluster;
    },
    async party(transports, prefix) {
      const party = await clusterParty(use.cluster, transports, prefix);
      parties.push(party);
      return party;
    },
  };
  return use;
}
