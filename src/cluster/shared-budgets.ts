// Create and join budgets counted in Redis, so an address spreading its calls over the nodes meets
// one budget (docs/cluster.md "Keys"). Fixed windows, as on one machine (access/rate-limit.ts).
import type { Budget, SharedBudgets } from "../access/rate-limit";
import type { Redis } from "./redis";
import { COUNT, keys } from "./scripts";

export function sharedBudgets(redis: Redis, log: (line: string) => void): SharedBudgets {
  return (name, perWindow, windowMs): Budget => ({
    async allow(address) {
      const window = Math.floor(Date.now() / windowMs);
      try {
        return Number(await redis.run(COUNT, [`${keys.rate(name, address)}:${window}`], [String(windowMs)])) <= perWindow;
      } catch (err) {
        // The call itself needs Redis and is refused with 503 if it is down: the budget does not refuse it first.
        log(`cluster: could not count ${name} for ${address}: ${err instanceof Error ? err.message : String(err)}`);
        return true;
      }
    },
  });
}
