// The waits of the test clients and the soak's (scripts/lib/waiting.ts): a check that takes what it
// finds takes one thing, even when two arrive in one turn, as two frames of one stream chunk do.
import { expect, test } from "bun:test";
import { Waiters } from "../../scripts/lib/waiting";

test("two events in one turn go one to each of two waiters that take them", async () => {
  const waiters = new Waiters();
  const arrived: string[] = [];
  const taken = new Set<string>();
  const take = () => {
    const hit = arrived.find((e) => !taken.has(e));
    if (hit !== undefined) taken.add(hit);
    return hit;
  };
  const first = waiters.until(take, "the first", 1000);
  // Both arrive before the first waiter's promise has settled.
  arrived.push("a");
  waiters.wake();
  arrived.push("b");
  waiters.wake();
  expect(await first).toBe("a");
  expect(await waiters.until(take, "the second", 1000)).toBe("b");
});

test("a wait that nothing answers rejects, naming what it waited for", async () => {
  const waiters = new Waiters();
  await expect(waiters.until(() => undefined, "a ghost", 20)).rejects.toThrow("timed out after 20 ms waiting for a ghost");
});
