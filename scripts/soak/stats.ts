// What a soak run counts, shared by every lobby it plays, and the small helpers they all use.

import { within as waitWithin } from "../lib/waiting";

export class Stats {
  events = 0;
  restCalls = 0;
  restFailures = 0;
  chatsSent = 0;
  chatsDelivered = 0;
  reconnects = 0;
  drops = 0;
  gamesCompleted = 0;
  roundsCompleted = 0;
  lobbiesEnded = 0;
  lobbiesFailed = 0;
  errorCount = 0;
  /** the first errors, word for word (the count keeps going past the cap) */
  readonly errors: string[] = [];

  error(message: string): void {
    this.errorCount++;
    if (this.errors.length < 200) this.errors.push(message);
  }
}

/** A deterministic generator (mulberry32), so a seed replays the same choices. */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const pick = <T>(items: readonly T[], random: () => number): T => items[Math.floor(random() * items.length)]!;

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** A soak's time-outs are missing events, and say so. */
export const MISSING = "missing event: ";

/** Rejects after `ms` with a message naming what was awaited. */
export const within = <T,>(promise: Promise<T>, what: string, ms: number): Promise<T> => waitWithin(promise, what, ms, MISSING);
