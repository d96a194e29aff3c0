// Taking one's own seat back from another device (docs/rules.md "Taking a seat back") over both
// transports: a phone that died is away 10 s, the same name from another device is offered the seat,
// takes it after confirming, the room hears it, and the dead phone's token no longer seats anyone.
import { describe, expect, test } from "bun:test";
import { SEAT_RETURN_MS } from "../../src/game/settings";
import { call } from "../support/app";
import { useRealtime } from "../support/party";
import { claimsOf } from "../support/rest";
import { TRANSPORTS } from "../support/sockets";

const join = (app: { url: string }, code: string, playerName: string, takeBack?: boolean) => call(app, "POST", "/api/lobby/join", { body: { code, playerName, ...(takeBack === undefined ? {} : { takeBack }) } });

for (const transport of TRANSPORTS) {
  describe(`taking a seat back over ${transport}`, () => {
    const { seat } = useRealtime(transport);

    test("after 10 s away the name is offered back; confirmed, the new device holds the seat, the room hears it, the old token is out", async () => {
      const { app, clock, clients, four, blue1, red1, red2 } = await seat();
      // Rue's phone dies.
      red2.close();
      await red1.waitFor("player-disconnected", (p) => p.playerId === four.red2.id);
      await clock.advance(SEAT_RETURN_MS - 1);
      // Not yet: the name is plainly taken.
      const early = await join(app, four.code, "rue");
      expect({ status: early.status, body: early.body }).toEqual({ status: 409, body: { success: false, message: "That name is taken in this lobby" } });
      await clock.advance(1);
      const offered = await join(app, four.code, "rue");
      expect({ status: offered.status, body: offered.body }).toEqual({ status: 409, body: { success: false, message: "That name is taken in this lobby", takeBack: "Rue" } });

      const taken = await join(app, four.code, "rue", true);
      expect(taken.status).toBe(200);
      expect(claimsOf(taken.body.token)).toMatchObject({ sub: four.red2.id, name: "Rue", lobby: four.code });
      expect(taken.body.lobby.redTeam.map((p: any) => p.id)).toEqual([four.red1.id, four.red2.id]);
      for (const c of [blue1, red1]) expect(await c.waitFor("seat-taken-back")).toMatchObject({ updateType: "seat-taken-back", playerId: four.red2.id, name: "Rue" });

      // The dead phone's token: refused over REST and the realtime join alike.
      const old = await call(app, "GET", `/api/lobby/${four.code}`, { token: four.red2.token });
      expect({ status: old.status, message: old.body.message }).toEqual({ status: 401, message: "Your seat was taken back on another device" });
      const ghost = await clients.connect("Rue's old phone");
      ghost.emit("join-lobby", { token: four.red2.token });
      expect(await ghost.waitFor("socket-error")).toEqual({ event: "join-lobby", message: "Your seat was taken back on another device" });
      // The new device's token seats Rue where she was.
      const again = await clients.connect("Rue's new phone");
      expect((await again.join(taken.body.token)).you).toMatchObject({ id: four.red2.id, team: "red" });
    });

    test("while a connection of the seat is live the name stays taken (409), with nothing offered", async () => {
      const { app, clock, four } = await seat();
      await clock.advance(60_000);
      const res = await join(app, four.code, "Rue", true);
      expect({ status: res.status, body: res.body }).toEqual({ status: 409, body: { success: false, message: "That name is taken in this lobby" } });
      expect((await call(app, "GET", `/api/lobby/${four.code}`, { token: four.red2.token })).status).toBe(200);
    });
  });
}
