// Hidden information (docs/rules.md): every event red's sockets receive is recorded and
// searched. Before round-results red never learns blue's answer text, blue's steal, the correct
// answer, or anything of blue's team chat; the room only learns that blue locked. Chat: team
// messages reach only that team, room messages everyone, and the sender is whoever the token says.
import { describe, expect, test } from "bun:test";
import { CHAT_MAX } from "../../src/game/settings";
import { ok, quizQuestion, startGame, submit } from "../support/rest";
import { useRealtime } from "../support/party";
import { flush, TRANSPORTS, type Client } from "../support/sockets";

const LIMIT_S = 30;

for (const transport of TRANSPORTS) {
  describe(`hidden information over ${transport}`, () => {
    const { seat } = useRealtime(transport);

    /** Red's events from `marks` up to (not including) this round's round-results. */
    function beforeResults(client: Client, mark: number): string {
      const end = client.log.findIndex((r) => r.seq >= mark && r.event === "round-results");
      expect(end).toBeGreaterThan(-1);
      return client.json(mark, end);
    }

    test("red never sees blue's answer, steal, team chat or the correct answer before results", async () => {
      const { app, clock, four, blue1, blue2, red1, red2 } = await seat();
      await startGame(app, four.blue1, 3, LIMIT_S);
      const reds = [red1, red2];
      const blueSecret = "Zebra-blue-secret-answer";
      const blueChat = "blue-team-plan: we say zebra and bluff about giraffes";

      // Round 1: blue types a secret answer and plans in team chat; red peeks with a snapshot.
      const m1 = reds.map((c) => c.mark());
      await ok(app, "/api/lobby/startRound", four.blue1.token);
      for (const c of reds) await c.waitFor("round-started");
      blue1.emit("chat-message", { message: blueChat, chatType: "team" });
      for (const c of [blue1, blue2]) expect(await c.waitFor("chat-message", (m) => m.message === blueChat)).toMatchObject({ chatType: "team", team: "blue" });
      await submit(app, four.blue2, 1, blueSecret);
      for (const c of [blue1, blue2]) expect(await c.waitFor("team-answer-submitted")).toEqual({ team: "blue", roundNumber: 1, answer: blueSecret, isSteal: false, playerId: four.blue2.id });
      for (const c of reds) expect(await c.waitFor("team-answer-submitted")).toEqual({ team: "blue", roundNumber: 1 });

      red1.emit("lobby-updated", { lobbyCode: four.code });
      const peek = await red1.waitFor("lobby-updated", (p) => p.updateType === "snapshot");
      // the room knows blue locked, and nothing more
      expect(peek.lobby.gameState).toMatchObject({ phase: "question", locked: { blue: true, red: false } });
      expect(peek.lock).toBeNull();
      expect(peek.chat.map((m: any) => m.message)).not.toContain(blueChat);

      await clock.advance(1000);
      await submit(app, four.red1, 1, "red guess one");
      for (const c of reds) await c.waitFor("round-results");
      for (const [k, c] of reds.entries()) {
        const seen = beforeResults(c, m1[k]!);
        expect(seen).not.toContain(blueSecret);
        expect(seen).not.toContain(quizQuestion(1).answer);
        expect(seen).toContain("round-started");
      }
      // results reveal the answers, as they should
      const results1 = red1.events("round-results")[0];
      expect(results1.round).toMatchObject({ blueAnswer: blueSecret, redAnswer: "red guess one", answer: quizQuestion(1).answer });

      // Round 2: blue steals, red never answers; the round times up.
      const m2 = reds.map((c) => c.mark());
      await ok(app, "/api/lobby/startRound", four.blue1.token);
      for (const c of reds) await c.waitFor("round-started");
      await clock.advance(1000);
      await submit(app, four.blue1, 2, "", true);
      expect(await blue2.waitFor("team-answer-submitted", (p) => p.roundNumber === 2)).toEqual({ team: "blue", roundNumber: 2, answer: "", isSteal: true, playerId: four.blue1.id });
      for (const c of reds) expect(await c.waitFor("team-answer-submitted", (p) => p.roundNumber === 2)).toEqual({ team: "blue", roundNumber: 2 });
      red2.emit("lobby-updated", {});
      const peek2 = await red2.waitFor("lobby-updated", (p) => p.updateType === "snapshot");
      expect(peek2.lock).toBeNull();
      expect(peek2.lobby.gameState.locked).toEqual({ blue: true, red: false });
      await clock.advance(LIMIT_S * 1000);
      for (const c of reds) await c.waitFor("round-results");
      for (const [k, c] of reds.entries()) {
        const seen = beforeResults(c, m2[k]!);
        expect(seen).not.toContain("isSteal");
        expect(seen).not.toMatch(/"blueSteal":\s*true/);
        expect(seen).not.toContain(quizQuestion(2).answer);
        expect(seen).toContain("round-timeup");
      }
      expect(red2.events("round-results")[1].round).toMatchObject({ blueSteal: true, redSteal: false, bluePointsGained: 0, redPointsGained: 2 });

      // Blue's team chat never reaches red, not even after results.
      await flush(blue1, red1, red2, blue2);
      for (const c of reds) {
        expect(c.json()).not.toContain("blue-team-plan");
        expect(c.events("chat-message").every((m) => m.chatType === "game")).toBe(true);
      }
      // and no round-started ever carried an answer
      for (const c of [blue1, blue2, red1, red2]) {
        for (const started of c.events("round-started")) expect(JSON.stringify(started)).not.toContain("Okapi");
      }
    });

    test("team chat goes only to that team, room chat to everyone; the token names the sender", async () => {
      const { clock, four, blue1, blue2, red1, red2 } = await seat();
      await clock.advance(5000);

      // Bo (blue) lies about who and where he is: the server ignores those fields.
      const lie = { lobbyCode: "ZZZZ", playerId: four.red1.id, playerName: "Ravi", team: "red" };
      blue2.emit("chat-message", { ...lie, message: "  blue only  ", chatType: "team" });
      const expectedTeam = { message: "blue only", playerId: four.blue2.id, playerName: "Bo", team: "blue", chatType: "team", timestamp: clock.now() };
      for (const c of [blue1, blue2]) expect(await c.waitFor("chat-message", (m) => m.message === "blue only")).toEqual(expectedTeam);

      red2.emit("chat-message", { lobbyCode: four.code, playerId: four.blue1.id, playerName: "Hana", team: "blue", message: "hello room", chatType: "game" });
      for (const c of [blue1, blue2, red1, red2]) {
        expect(await c.waitFor("chat-message", (m) => m.message === "hello room")).toEqual({ message: "hello room", playerId: four.red2.id, playerName: "Rue", team: "red", chatType: "game", timestamp: clock.now() });
      }

      // chatType defaults to a room message
      red1.emit("chat-message", { message: "no type given" });
      for (const c of [blue1, blue2, red1, red2]) expect(await c.waitFor("chat-message", (m) => m.message === "no type given")).toMatchObject({ chatType: "game", team: "red" });

      // red's team message reaches red only
      red1.emit("chat-message", { message: "red only", chatType: "team", team: "blue" });
      for (const c of [red1, red2]) expect(await c.waitFor("chat-message", (m) => m.message === "red only")).toMatchObject({ team: "red", chatType: "team", playerId: four.red1.id });

      // blank messages are dropped without a word; long ones are cut at 500 characters
      blue1.emit("chat-message", { message: " \n\t  ", chatType: "game" });
      blue1.emit("chat-message", { message: "", chatType: "team" });
      const long = `${"L".repeat(CHAT_MAX)}${"X".repeat(100)}`;
      blue1.emit("chat-message", { message: long, chatType: "game" });
      for (const c of [blue1, blue2, red1, red2]) {
        const got = await c.waitFor("chat-message", (m) => m.message.startsWith("LLL"));
        expect(got.message).toBe("L".repeat(500));
      }

      await flush(red2, blue1, blue2, red1);
      for (const c of [red1, red2]) expect(c.json()).not.toContain("blue only");
      for (const c of [blue1, blue2]) expect(c.json()).not.toContain("red only");
      for (const c of [blue1, blue2, red1, red2]) {
        expect(c.events("chat-message").every((m) => m.message.trim().length > 0)).toBe(true);
        expect(c.events("socket-error")).toEqual([]);
      }

      // a late snapshot's chat history follows the same rule
      red1.emit("lobby-updated", {});
      const snap = await red1.waitFor("lobby-updated", (p) => p.updateType === "snapshot");
      const history = snap.chat.map((m: any) => m.message);
      expect(history).toContain("hello room");
      expect(history).toContain("red only");
      expect(history).not.toContain("blue only");
    });

    test("bad chat input gets socket-error { event, message }", async () => {
      const { clients, blue1, blue2, red1, red2 } = await seat();
      const stranger = await clients.connect("stranger");
      stranger.emit("chat-message", { message: "who am I?", chatType: "game" });
      expect(await stranger.waitFor("socket-error")).toEqual({ event: "chat-message", message: expect.any(String) });

      blue1.emit("chat-message", { message: 42, chatType: "game" });
      blue1.emit("chat-message", { message: "hi", chatType: "shout" });
      for (let i = 0; i < 2; i++) expect(await blue1.waitFor("socket-error")).toEqual({ event: "chat-message", message: "Invalid payload" });
      await flush(red1, blue1, blue2, red2);
      for (const c of [blue2, red1, red2]) expect(c.events("chat-message").map((m) => m.message).filter((m) => !m.startsWith("probe-"))).toEqual([]);
    });
  });
}
