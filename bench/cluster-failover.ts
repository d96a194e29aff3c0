// The cluster's failover figure (docs/cluster.md "Measured"): the kill -9 rehearsal of
// tests/support/kill-owner.ts (8 pages, 6 on a WebSocket and 2 on the fallback, reconnecting on the
// page's own schedule) run again and again on one local cluster of 3 nodes behind HAProxy. Each run
// makes a fresh lobby, kills its node, measures each page's time from the kill to its snapshot from
// the next node, then starts the killed node again and waits for HAProxy to send it requests.
// Not part of `bun test`: `bun run bench/cluster-failover.ts [runs]` (10 unless given).
import { startCluster } from "../scripts/cluster/start-cluster";
import { clusterEnv, untilServing } from "../tests/support/cluster-party";
import { killOwnerMidRound } from "../tests/support/kill-owner";
import { median } from "./common/proc";

const RUNS = Number(process.argv[2] ?? 10);
if (!Number.isInteger(RUNS) || RUNS < 1) throw new Error(`runs must be a whole number, not ${process.argv[2]}`);
/** The processes' lines, shown only if the bench fails. */
const output: string[] = [];
const cluster = await startCluster({ nodes: 3, nodeEnv: clusterEnv, log: (line) => output.push(line) });
const medians: number[] = [];
const maxima: number[] = [];
try {
  for (let run = 1; run <= RUNS; run++) {
    const result = await killOwnerMidRound(cluster);
    result.close();
    const worst = Math.max(...result.backMs);
    const middle = Math.round(median(result.backMs));
    medians.push(middle);
    maxima.push(worst);
    console.log(`run ${run}: killed ${result.victim}; back in play: max ${worst} ms, median ${middle} ms (${result.backMs.join(", ")})`);
    await cluster.node(result.victim).restart(60_000);
    await untilServing(cluster, result.victim);
  }
  console.log(`${RUNS} runs: median of the runs' medians ${Math.round(median(medians))} ms, median of the runs' maxima ${Math.round(median(maxima))} ms, max ${Math.max(...maxima)} ms`);
} catch (err) {
  console.error(output.slice(-60).join("\n"));
  throw err;
} finally {
  await cluster.stop();
}
