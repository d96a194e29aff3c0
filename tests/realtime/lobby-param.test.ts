// The `lobby` query parameter a proxy routes by (docs/decisions.md "Behind a proxy") on the realtime
// paths: a connection opened for one lobby may only join (token) or watch (code) that lobby, and a
// fallback POST may only name its session's lobby. Refusals are the transport's usual ones (a
// socket-error and close 4000; a 400 for a POST) and apply nothing. The page's links always send the
// parameter (tests/support/sockets.ts does too, from the token), so every other realtime test runs
// with it.
import { describe, expect, test } from "bun:test";
import { OTHER_LOBBY } from "../../src/access/routed-lobby";
import { lobbyQuery } from "../../src/shared/lobby-query";
import { encodeFrame } from "../../src/shared/wire";
import { useRealtime } from "../support/party";
import { RawStream } from "../support/raw-wire";
import { createLobby, lobbyData, seatFour } from "../support/rest";
import { flush, TRANSPORTS } from "../support/sockets";

for (const transport of TRANSPORTS) {
  describe(`the lobby parameter over ${transport}`, () => {
    const { start } = useRealtime(transport);

    test("a join whose token is for another lobby than the connection's is refused, and the player stays away", async () => {
      const { app, clients } = await start();
      const four = await seatFour(app);
      const other = await createLobby(app, "Zed");
      const before = await lobbyData(app, four.code);

      const misrouted = await clients.connect("misrouted", undefined, { lobby: other.code });
      misrouted.emit("join-lobby", { token: four.blue2.token });
      expect(await misrouted.waitFor("socket-error")).toEqual({ event: "join-lobby", message: OTHER_LOBBY });
      expect(await misrouted.waitForDisconnect()).toBe("server disconnect");
      expect(await lobbyData(app, four.code)).toEqual(before);

      // the same token on a connection for its own lobby (in any case), or for none, is seated
      const own = await clients.connect("own", undefined, { lobby: four.code.toLowerCase() });
      expect((await own.join(four.blue2.token)).you).toMatchObject({ id: four.blue2.id });
      const unnamed = await clients.connect("unnamed");
      expect((await unnamed.join(four.red1.token)).you).toMatchObject({ id: four.red1.id });
    });

    test("watching another lobby than the connection's is refused", async () => {
      const { app, clients } = await start();
      const four = await seatFour(app);
      const other = await createLobby(app, "Zed");

      const misrouted = await clients.connect("tv", undefined, { lobby: other.code });
      misrouted.emit("watch-lobby", { code: four.code });
      expect(await misrouted.waitFor("socket-error")).toEqual({ event: "watch-lobby", message: OTHER_LOBBY });
      expect(await misrouted.waitForDisconnect()).toBe("server disconnect");

      const tv = await clients.connect("tv", undefined, { lobby: four.code });
      tv.emit("watch-lobby", { code: four.code });
      expect(await tv.waitFor("lobby-updated", (p) => p.updateType === "snapshot")).toMatchObject({ you: null, lobby: { code: four.code } });
    });
  });
}

describe("the lobby parameter of the fallback's POSTs", () => {
  const { start } = useRealtime("stream");

  test("a frame that names another lobby than its session's is refused 400 and not handled", async () => {
    const { app, clients } = await start();
    const four = await seatFour(app);
    const other = await createLobby(app, "Zed");
    const hana = await clients.connect("Hana", four.blue1.token);

    const session = await RawStream.open(app.url, {}, lobbyQuery(four.code));
    expect(await session.post(encodeFrame("join-lobby", { token: four.red1.token }))).toBe(204);
    await hana.waitFor("lobby-updated", (p) => p.updateType === "player-reconnected" && p.playerId === four.red1.id);

    const stray = encodeFrame("chat-message", { message: "sent to the wrong node", chatType: "game" });
    expect(await session.post(stray, {}, lobbyQuery(other.code))).toBe(400);
    // the frames that name the session's lobby, or none (an older page), are taken
    expect(await session.post(encodeFrame("chat-message", { message: "named", chatType: "game" }))).toBe(204);
    expect(await session.post(encodeFrame("chat-message", { message: "unnamed", chatType: "game" }), {}, "")).toBe(204);
    await hana.waitFor("chat-message", (m) => m.message === "unnamed");
    await flush(hana);
    expect(hana.events("chat-message").map((m) => m.message)).not.toContain("sent to the wrong node");
    expect(hana.events("chat-message").map((m) => m.message)).toContain("named");
    session.close();
  });

  test("before its join, a session opened for one lobby takes no frame named for another", async () => {
    const { app } = await start();
    const four = await seatFour(app);
    const other = await createLobby(app, "Zed");
    const before = [await lobbyData(app, four.code), await lobbyData(app, other.code)];

    const session = await RawStream.open(app.url, {}, lobbyQuery(four.code));
    expect(await session.post(encodeFrame("join-lobby", { token: other.token }), {}, lobbyQuery(other.code))).toBe(400);
    expect([await lobbyData(app, four.code), await lobbyData(app, other.code)]).toEqual(before);
    session.close();
  });
});
