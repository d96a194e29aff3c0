// A connection that closes while its join-lobby token is still being checked (a page that dies as it
// loads, a flaky phone). Found by the soak (scripts/soak.ts): the join used to carry on after the
// disconnect, seating a dead connection, so the player showed connected for good and a later real
// disconnect of theirs was never announced.
import { describe, expect, test } from "bun:test";
import type { TestApp } from "../support/app";
import { useRealtime } from "../support/party";
import { RawStream } from "../support/raw-wire";
import { Client, flush, TRANSPORTS, type Transport } from "../support/sockets";

/** Opens a connection, sends join-lobby and closes it before the token can have been checked. */
async function joinAndDie(app: TestApp, transport: Transport, token: string): Promise<void> {
  const frame = JSON.stringify(["join-lobby", { token }]);
  if (transport === "websocket") {
    // The frame and the close leave together; the server reads the frame, starts the check, then sees the close.
    const client = new Client(app.url, "dies while joining", transport);
    await client.waitOpen();
    client.send(frame);
    client.close();
    return;
  }
  // Over the fallback the frame and the close take two connections, so the check is held until the
  // server has dropped the session (its POSTs answer 404), as a slow check would be.
  const verify = app.tokens.verify.bind(app.tokens);
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  app.tokens.verify = async (t) => (await held, verify(t));
  try {
    const session = await RawStream.open(app.url);
    expect(await session.post(frame)).toBe(204);
    session.close();
    while ((await session.post('["heartbeat"]')) !== 404);
  } finally {
    release();
    app.tokens.verify = verify;
  }
}

for (const transport of TRANSPORTS) {
  describe(`a join cut short over ${transport}`, () => {
    const { seat } = useRealtime(transport);

    test("a connection gone before its token is verified is not seated, and the player stays away", async () => {
      const { app, four, blue1, blue2, red1, red2 } = await seat();
      const player = () => app.service.get(four.code)!.players.find((p) => p.id === four.blue2.id)!;

      // Bo's own connection goes; everyone hears he is away.
      blue2.close();
      await blue1.waitFor("player-disconnected", (p) => p.playerId === four.blue2.id);
      expect(player().connected).toBe(false);

      // Then his page reloads and dies as it joins, a few times over.
      for (let attempt = 0; attempt < 5; attempt++) await joinAndDie(app, transport, four.blue2.token);
      // Joins verified after these have been: a fresh join-lobby of Ravi's, and a chat round trip.
      await red1.join(four.red1.token);
      await flush(blue1, red1, red2);
      expect(player().connected).toBe(false);
    });
  });
}
