// A connection that stops reading costs the server a bounded amount of memory, on either transport
// (docs/contract.md "Backpressure and liveness"). The reproduction: 60 seated connections
// that never read, kept "alive" by their own frames, in lobbies where the other players chat at
// their full budget. Before the cap the server grew by about 40 MB a stream in 60 s; here the load
// runs STALL_S seconds (the 60 s form is `bun run soak:stalled`, docs/soak.md "Stalled readers"),
// long enough that the unbounded server grows well past the bound, which is what the server may add
// under it: the stalled connections' queues at their cap, and the chatters' own.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { ServerProcess } from "../../scripts/soak/server-process";
import { stalledReaderLoad } from "../../scripts/soak/stalled-readers";
import { TRANSPORTS } from "../support/sockets";

const STALL_S = 12;
const BOUND_MB = 50;
/** 4 full lobbies: 60 stalled connections */
const LOBBIES = 4;

for (const transport of TRANSPORTS) {
  describe(`stalled readers over ${transport}`, () => {
    let server: ServerProcess;
    beforeAll(async () => {
      server = await ServerProcess.start();
    });
    afterAll(async () => {
      await server.stop();
      server.cleanup();
    });

    test(`60 connections that never read add less than ${BOUND_MB} MB, and are closed`, async () => {
      const rssMb = () => (server.sample()?.rssKb ?? 0) / 1024;
      const report = await stalledReaderLoad({ url: server.url, transport, lobbies: LOBBIES, seconds: STALL_S, rssMb });
      console.log(`stalled readers over ${transport}: ${JSON.stringify(report)}`);
      expect(report.stalled).toBe(60);
      expect(report.rssPeakMb - report.rssBeforeMb).toBeLessThan(BOUND_MB);
      // Closed, and counted: none is left holding memory.
      expect(server.lines.filter((l) => l.includes("closed for not reading")).length).toBe(report.stalled);
    }, 60_000);
  });
}
