// Lets the services' pending work land: promise callbacks (the judge's verdicts and the commands they
// send back) and every commit still out with an asynchronous store. No timer is waited on: the
// loop turns until every service made by the tests is quiet (src/lobbies/service.ts `quiet`).
import type { LobbyService } from "../../src/lobbies/service";

const services = new Set<LobbyService>();

/** Makes settle() wait for this service's commits too. */
export function settling<T extends LobbyService>(service: T): T {
  services.add(service);
  return service;
}

/** At least `rounds` turns of the event loop, then as many as it takes for every service to be quiet (at most 10 s). */
export async function settle(rounds = 3): Promise<void> {
  const until = performance.now() + 10_000;
  for (let turn = 0; turn < rounds || ([...services].some((s) => !s.quiet) && performance.now() < until); turn++) {
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
}
