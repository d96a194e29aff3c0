// One local cluster per test file (docs/cluster.md): 3 real nodes behind HAProxy, started before the
// file's tests and stopped after them, with every party made on it closed first. Its lobbies move at
// most once in SHORT_MOVE_EVERY_MS, not 10 s.
import { afterAll, beforeAll } from "bun:test";
import { startCluster, type Cluster, type ClusterOptions } from "../../scripts/cluster/start-cluster";
import { clusterEnv, clusterParty, type ClusterParty } from "./cluster-party";
import { SHORT_MOVE_EVERY_MS } from "./short-timings";
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
    cluster = await startCluster({ nodes: 3, nodeEnv: clusterEnv, moveEveryMs: SHORT_MOVE_EVERY_MS, ...options });
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
