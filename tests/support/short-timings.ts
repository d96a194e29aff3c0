// The tests' short timings (docs/decisions.md "The tests' own budget"). A test that must see a real
// deadline pass, or a real lobby move between nodes, cannot use a fake clock when its servers are
// other processes: those servers are started with the product's waits shortened instead, so the
// tests wait seconds where a party would wait 10 or 15.

/** The shortest round a test's server allows (ROUND_LIMIT_MIN_S): long enough for a server killed in it to be back before it ends. */
export const SHORT_ROUND_S = 12;
/** the server's variable that lets a host set SHORT_ROUND_S */
export const SHORT_ROUNDS_ENV = { ROUND_LIMIT_MIN_S: String(SHORT_ROUND_S) };

/** A lobby moves between a test cluster's nodes at most once in this long (CLUSTER_MOVE_EVERY_MS, HAProxy's `rise`). */
export const SHORT_MOVE_EVERY_MS = 3_000;

/**
 * A cluster node started in the test's own process, with no balancer in front: nothing watches its
 * health checks, so it hands its lobbies over at once when stopped (CLUSTER_DRAIN_NOTICE_MS), where a
 * node behind HAProxy waits two of its checks.
 */
export const UNBALANCED_NODE_ENV = { CLUSTER_DRAIN_NOTICE_MS: "0" };
