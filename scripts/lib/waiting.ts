// Bounded waiting for things that arrive with events: shared by the test suites' socket clients and
// the soak's, which both re-check a condition on every event they receive.

/** Rejects after `ms` with a message naming what was awaited (after `prefix`, when given). */
export function within<T>(promise: Promise<T>, what: string, ms: number, prefix = ""): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${prefix}timed out after ${ms} ms waiting for ${what}`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** Conditions waiting on events: wake() re-checks each, until() waits for one. */
export class Waiters {
  private readonly wakers = new Set<() => void>();

  wake(): void {
    for (const waker of [...this.wakers]) waker();
  }

  /**
   * Resolves with `check`'s first defined value, re-checked on every wake(); rejects after `ms`. A
   * check may take what it finds (a client's waitFor marks its event taken), so once it has found
   * something it is never run again: two events that arrive in one turn (a stream's chunk) are two
   * wakes before the promise settles, and the second must be left to the next waiter.
   */
  until<T>(check: () => T | undefined, what: string, ms: number, prefix = ""): Promise<T> {
    const now = check();
    if (now !== undefined) return Promise.resolve(now);
    let waker: () => void = () => {};
    const arrived = new Promise<T>((resolve) => {
      waker = () => {
        const value = check();
        if (value === undefined) return;
        this.wakers.delete(waker);
        resolve(value);
      };
      this.wakers.add(waker);
    });
    return within(arrived, what, ms, prefix).finally(() => this.wakers.delete(waker));
  }
}
