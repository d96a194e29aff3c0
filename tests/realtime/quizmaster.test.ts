// The quizmaster hears the room and no team (src/game/quizmaster-rules.ts), over both transports:
// a connected host who sits out stops hearing their old team's chat and locks at once; joining a
// team again brings that team's channel back. A quizmaster who reconnects is seated on no team.
import { describe, expect, test } from "bun:test";
import { ok, startGame, submit } from "../support/rest";
import { useRealtime } from "../support/party";
import { flush, TRANSPORTS } from "../support/sockets";

for (const transport of TRANSPORTS) {
  describe(`the quizmaster over ${transport}`, () => {
    const { seat } = useRealtime(transport);

    test("hears the room, never a team's chat or what a team locked; back on a team, hears that team again", async () => {
      const { app, clients, four, blue1, blue2, red1, red2 } = await seat();
      // Hana (host, blue captain) sits out; Bo, left alone on blue, captains it by himself.
      await ok(app, "/api/lobby/sitOut", four.blue1.token);
      const sat = await blue1.waitFor("player-team-changed", (p) => p.playerId === four.blue1.id);
      expect(sat.lobby.captains.blue.id).toBe(four.blue2.id);
      // A new connection of the quizmaster (it takes over from the first), joined after sitting out,
      // is seated on no team.
      const again = await clients.connect("Hana again");
      expect((await again.join(four.blue1.token)).you.team).toBeNull();

      await startGame(app, four.blue1, 2, 30);
      await ok(app, "/api/lobby/startRound", four.blue1.token);
      const mark = again.mark();
      blue2.emit("chat-message", { message: "blue-plan-secret", chatType: "team" });
      red2.emit("chat-message", { message: "red-plan-secret", chatType: "team" });
      await blue2.waitFor("chat-message", (m) => m.message === "blue-plan-secret");
      await red2.waitFor("chat-message", (m) => m.message === "red-plan-secret");
      await submit(app, four.blue2, 1, "Blue-locked-secret");
      await red1.waitFor("team-answer-submitted");
      await flush(red1, again, blue2);
      const heard = again.json(mark);
      expect(heard).not.toContain("blue-plan-secret");
      expect(heard).not.toContain("red-plan-secret");
      expect(heard).not.toContain("Blue-locked-secret");
      // The room's own news still arrives: blue has locked.
      expect(again.events("answer-locked")).toEqual([{ team: "blue", roundNumber: 1 }]);
      expect(again.events("team-answer-submitted")).toEqual([]);

      // After the game (ended before any result: straight back to the lobby), sitting back down on
      // red brings red's channel.
      await ok(app, "/api/lobby/endGame", four.blue1.token);
      await ok(app, "/api/lobby/teamSelect", four.blue1.token, { team: "red", isCaptain: false });
      await again.waitFor("player-team-changed", (p) => p.playerId === four.blue1.id && p.lobby.redTeam.some((x: any) => x.id === four.blue1.id));
      red2.emit("chat-message", { message: "red-after", chatType: "team" });
      await again.waitFor("chat-message", (m) => m.message === "red-after");
    });
  });
}
