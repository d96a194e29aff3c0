// Connections and seats: a kick while connected, a reconnect in the middle of a question, and a
// second connection with the same token replacing the first (docs/decisions.md "Staying in the game").
import { describe, expect, test } from "bun:test";
import { REMOVED_BY_HOST } from "../../src/shared/removed";
import { call } from "../support/app";
import { ok, quizQuestion, startGame, submit } from "../support/rest";
import { useRealtime } from "../support/party";
import { flush, TRANSPORTS } from "../support/sockets";

const LIMIT_S = 30;
const everyoneIn = (lobby: any) => [...lobby.blueTeam, ...lobby.redTeam];

for (const transport of TRANSPORTS) {
  describe(`connections over ${transport}`, () => {
    const { seat } = useRealtime(transport);

    test("a kicked client hears you-were-kicked, is disconnected, and its token no longer gets in", async () => {
      const { app, clients, four, blue1, blue2, red1, red2 } = await seat();
      await ok(app, "/api/lobby/kickPlayer", four.blue1.token, { playerId: four.red2.id });

      expect(await red2.waitFor("you-were-kicked")).toEqual({ lobbyCode: four.code });
      expect(await red2.waitForDisconnect()).toBe("server disconnect");
      // told first, then cut off
      const toldAt = red2.log.findIndex((r) => r.event === "you-were-kicked");
      expect(toldAt).toBeLessThan(red2.eventsBeforeDisconnect!);

      for (const c of [blue1, blue2, red1]) {
        const kicked = await c.waitFor("player-kicked");
        expect(kicked).toMatchObject({ updateType: "player-kicked", playerId: four.red2.id, lobby: { code: four.code } });
        expect(everyoneIn(kicked.lobby).map((p: any) => p.id)).not.toContain(four.red2.id);
        expect(c.events("you-were-kicked")).toEqual([]);
        expect(c.connected).toBe(true);
      }

      // a reconnect with the kicked token: socket-error, then disconnected, and nobody hears of it
      const marks = [blue1, blue2, red1].map((c) => c.mark());
      const again = await clients.connect("Rue again");
      again.emit("join-lobby", { token: four.red2.token });
      expect(await again.waitFor("socket-error")).toEqual({ event: "join-lobby", message: REMOVED_BY_HOST });
      expect(await again.waitForDisconnect()).toBe("server disconnect");
      expect(again.events("lobby-updated")).toEqual([]);
      await flush(blue1, blue2, red1);
      for (const [k, c] of [blue1, blue2, red1].entries()) expect(c.since(marks[k]!).map((r) => r.event).filter((e) => e !== "chat-message")).toEqual([]);
      expect((await call(app, "GET", `/api/lobby/${four.code}`, { token: four.red2.token })).status).toBe(401);
    });

    test("a client dropped mid-question reconnects with its token and gets the question, endsAt and its own team's lock", async () => {
      const { app, clock, clients, four, blue1, blue2, red1, red2 } = await seat();
      await startGame(app, four.blue1, 3, LIMIT_S);
      const q1 = quizQuestion(1);

      // Round 1: blue locks an answer, red has not answered yet.
      const { endsAt } = await ok(app, "/api/lobby/startRound", four.blue1.token);
      for (const c of [blue1, blue2, red1, red2]) expect(await c.waitFor("round-started")).toMatchObject({ endsAt });
      await clock.advance(3000);
      await submit(app, four.blue1, 1, "Blue locked answer");
      await blue2.waitFor("team-answer-submitted");

      // Bo's connection drops; the others see him go, seat kept.
      blue2.close();
      for (const c of [blue1, red1, red2]) {
        const gone = await c.waitFor("player-disconnected", (p) => p.playerId === four.blue2.id);
        expect(gone).toMatchObject({ updateType: "player-disconnected", playerId: four.blue2.id, lobby: { code: four.code } });
        expect(everyoneIn(gone.lobby).find((p: any) => p.id === four.blue2.id)).toMatchObject({ connected: false });
      }

      await clock.advance(5000);
      const back = await clients.connect("Bo(back)");
      back.emit("join-lobby", { token: four.blue2.token });
      const snap = await back.waitFor("lobby-updated", (p) => p.updateType === "snapshot");
      expect(snap.you).toMatchObject({ id: four.blue2.id, team: "blue", connected: true });
      expect(snap.lobby.gameState).toMatchObject({
        phase: "question",
        currentRoundNumber: 1,
        totalRounds: 3,
        currentRound: { number: 1, question: q1.question, category: q1.category, endsAt },
        locked: { blue: true, red: false },
      });
      expect(snap.lock).toMatchObject({ answer: "Blue locked answer", isSteal: false });
      expect(JSON.stringify(snap)).not.toContain(q1.answer);
      for (const c of [blue1, red1, red2]) {
        const returned = await c.waitFor("lobby-updated", (p) => p.updateType === "player-reconnected" && p.playerId === four.blue2.id);
        expect(returned).toMatchObject({ playerId: four.blue2.id, lobby: { code: four.code } });
        expect(everyoneIn(returned.lobby).find((p: any) => p.id === four.blue2.id)).toMatchObject({ connected: true });
      }

      // Rue (red) drops and comes back too: her snapshot holds no lock and nothing of blue's.
      red2.close();
      for (const c of [blue1, red1, back]) await c.waitFor("player-disconnected", (p) => p.playerId === four.red2.id);
      const rueBack = await clients.connect("Rue(back)");
      const rueSnap = await rueBack.join(four.red2.token);
      expect(rueSnap.lobby.gameState).toMatchObject({ phase: "question", currentRound: { number: 1, endsAt }, locked: { blue: true, red: false } });
      expect(rueSnap.lock).toBeNull();
      expect(JSON.stringify(rueSnap)).not.toContain("Blue locked answer");

      // the reconnected sockets follow the round to its end
      await clock.advance(endsAt - clock.now());
      for (const c of [back, rueBack]) {
        expect(await c.waitFor("round-timeup")).toEqual({ roundNumber: 1 });
        expect((await c.waitFor("round-results")).round).toMatchObject({ blueAnswer: "Blue locked answer", redAnswer: null });
      }

      // Round 2: red steals; Rue's next reconnect shows her team's steal, Bo's shows no lock.
      await ok(app, "/api/lobby/startRound", four.blue1.token);
      await rueBack.waitFor("round-started");
      await submit(app, four.red1, 2, "", true);
      await rueBack.waitFor("team-answer-submitted", (p) => p.roundNumber === 2);
      rueBack.close();
      const rueAgain = await clients.connect("Rue(again)", four.red2.token);
      const stealSnap = rueAgain.events("lobby-updated").find((p) => p.updateType === "snapshot");
      expect(stealSnap.lock).toMatchObject({ answer: "", isSteal: true });
      expect(stealSnap.lobby.gameState).toMatchObject({ phase: "question", currentRoundNumber: 2, locked: { blue: false, red: true } });
      back.emit("lobby-updated", { lobbyCode: four.code });
      const boView = await back.waitFor("lobby-updated", (p) => p.updateType === "snapshot");
      expect(boView.lock).toBeNull();
      expect(JSON.stringify(boView)).not.toContain("isSteal");
    });

    test("leave-lobby leaves the socket's rooms but keeps the seat; a bad token is refused and cut off", async () => {
      const { app, clients, four, blue1, blue2, red1, red2 } = await seat();
      red2.emit("leave-lobby", { token: four.red2.token });
      for (const c of [blue1, blue2, red1]) {
        expect(await c.waitFor("player-disconnected", (p) => p.playerId === four.red2.id)).toMatchObject({ updateType: "player-disconnected" });
      }
      const heardBefore = red2.log.length;
      blue1.emit("chat-message", { message: "room after Rue left the rooms", chatType: "game" });
      red1.emit("chat-message", { message: "red team after Rue left the rooms", chatType: "team" });
      await flush(blue1, blue2, red1);
      await red1.waitFor("chat-message", (m) => m.message.startsWith("red team after"));
      expect(red2.log.length).toBe(heardBefore);
      expect(red2.connected).toBe(true);
      // the seat is kept: still listed, and the token still works to come back
      const rest = await call(app, "GET", `/api/lobby/${four.code}`, { token: four.red2.token });
      expect(rest.status).toBe(200);
      expect(everyoneIn(rest.body.data).find((p: any) => p.id === four.red2.id)).toMatchObject({ connected: false });
      expect((await red2.join(four.red2.token)).you).toMatchObject({ id: four.red2.id, connected: true });

      // join-lobby without a token is invalid input; with a forged one the socket is cut off
      const stranger = await clients.connect("stranger");
      stranger.emit("join-lobby", {});
      expect(await stranger.waitFor("socket-error")).toEqual({ event: "join-lobby", message: "Invalid payload" });
      expect(stranger.connected).toBe(true);
      const [head, body] = four.blue1.token.split(".");
      stranger.emit("join-lobby", { token: `${head}.${body}.forged-signature` });
      expect(await stranger.waitFor("socket-error")).toEqual({ event: "join-lobby", message: expect.any(String) });
      expect(await stranger.waitForDisconnect()).toBe("server disconnect");
    });

    test("a second connection with the same token replaces the first", async () => {
      const { app, clients, four, blue1, blue2, red1, red2 } = await seat();
      const marks = [blue1, red1, red2].map((c) => c.mark());

      const second = await clients.connect("Bo(second tab)");
      second.emit("join-lobby", { token: four.blue2.token });
      const snap = await second.waitFor("lobby-updated", (p) => p.updateType === "snapshot");
      expect(await blue2.waitForDisconnect()).toBe("server disconnect");

      const seats = everyoneIn(snap.lobby).filter((p: any) => p.id === four.blue2.id);
      expect(seats).toHaveLength(1);
      expect(seats[0]).toMatchObject({ name: "Bo", connected: true });
      const rest = await call(app, "GET", `/api/lobby/${four.code}`);
      expect(everyoneIn(rest.body.data).filter((p: any) => p.id === four.blue2.id)).toEqual([expect.objectContaining({ connected: true })]);

      // the others saw no disconnect; the new socket hears team chat, the old one nothing more
      const oldCount = blue2.log.length;
      blue1.emit("chat-message", { message: "blue team check", chatType: "team" });
      expect(await second.waitFor("chat-message", (m) => m.message === "blue team check")).toMatchObject({ chatType: "team" });
      await flush(red1, blue1, red2, second);
      for (const [k, c] of [blue1, red1, red2].entries()) {
        const seen = c.since(marks[k]!).map((r) => r.event);
        expect(seen).not.toContain("player-disconnected");
      }
      expect(blue2.log.length).toBe(oldCount);
      expect(blue2.connected).toBe(false);
      expect(second.connected).toBe(true);
    });
  });
}
