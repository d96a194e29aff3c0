// A connection that closes while its join-lobby token is still being checked (a page that dies as it
// loads, a flaky phone). Found by the soak (scripts/soak.ts): the join used to carry on after the
// disconnect, seating a dead socket, so the player showed connected for good and a later real
// disconnect of theirs was never announced.
import { describe, expect, test } from "bun:test";
import { io } from "socket.io-client";
import { useRealtime } from "../support/party";
import { flush, SOCKET_PATH, TRANSPORTS, within } from "../support/sockets";

for (const transport of TRANSPORTS) {
  describe(`a join cut short over ${transport}`, () => {
    const { seat } = useRealtime(transport);

    test("a socket gone before its token is verified is not seated, and the player stays away", async () => {
      const { app, four, blue1, blue2, red1, red2 } = await seat();
      const player = () => app.service.get(four.code)!.players.find((p) => p.id === four.blue2.id)!;

      // Bo's own connection goes; everyone hears he is away.
      blue2.close();
      await blue1.waitFor("player-disconnected", (p) => p.playerId === four.blue2.id);
      expect(player().connected).toBe(false);

      // Then his page reloads and dies as it joins, a few times over.
      for (let attempt = 0; attempt < 5; attempt++) {
        const socket = io(app.url, { path: SOCKET_PATH, transports: [transport], forceNew: true, reconnection: false });
        await within(
          new Promise<void>((resolve) => {
            socket.once("connect", () => {
              socket.emit("join-lobby", { token: four.blue2.token });
              socket.disconnect();
              resolve();
            });
          }),
          "connect",
        );
      }
      // Joins verified after these have been: a fresh join-lobby of Ravi's, and a chat round trip.
      await red1.join(four.red1.token);
      await flush(blue1, red1, red2);
      expect(player().connected).toBe(false);
    });
  });
}
