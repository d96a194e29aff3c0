// What waits in a live lobby's queue (live-lobby.ts): its commands, and pieces of its work that must
// not interleave with them. Neither makes a closure of its own (docs/bench.md "Allocations per chat line").
import type { Command } from "../game/commands";
import type { Effect } from "../game/effects";
import type { Accepted, Outcome } from "../game/outcome";

/**
 * A command answered in the turn it came in is answered by value (`outcome`); one that has to wait
 * (behind another, or on a store that answers later) gets the resolvers of a promise (`waiter`).
 */
export type CommandJob = { command: Command; work?: undefined; accepted?: Accepted; closing?: boolean; outcome?: Outcome; waiter?: PromiseWithResolvers<Outcome> };
/** A work job is the resolvers of the promise its caller holds. */
export type WorkJob = PromiseWithResolvers<unknown> & { command?: undefined; work: () => Promise<unknown> };
export type Job = CommandJob | WorkJob;

export function answer(job: Job, outcome: Outcome): void {
  if (job.work) job.resolve(outcome);
  else if (job.waiter) job.waiter.resolve(outcome);
  else job.outcome = outcome;
}

/** Whether the effects end the lobby: a loop, not some() with a closure, as it runs for every command. */
export function closes(effects: readonly Effect[]): boolean {
  for (const effect of effects) if (effect.type === "close") return true;
  return false;
}
