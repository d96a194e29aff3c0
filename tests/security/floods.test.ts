// The attacks: the chat flood guard was per connection: with one token and 60
// connections opened in turn, 2,280 of 2,280 lines went through; 600 connections from one address
// raised the server's open files from 16 to 572; `watch-lobby` then `lobby-updated` drew a whole
// snapshot for each 25-byte frame, without a token. Now floods are counted per player and per
// address, connections per address are capped, and snapshots are limited per connection and address.
import { describe, expect, test } from "bun:test";
import { createLobby, joinLobby } from "../support/rest";
import { useRealtime } from "../support/party";
import { TRANSPORTS, type Client } from "../support/sockets";
import { REAL_LIMITS } from "./real-limits";

const chatLines = (c: Client, prefix: string) => c.events("chat-message").filter((m) => m.message.startsWith(prefix)).length;

describe("floods", () => {
  const { start } = useRealtime("websocket");

  test("one token over 60 connections in turn gets one player's budget, not sixty", async () => {
    // The per-address budget is lifted here, so only the player's own is measured.
    const { app, clients } = await start({ ...REAL_LIMITS, EVENTS_PER_ADDRESS_PER_S: "100000" });
    const { code, ...host } = await createLobby(app, "Hana");
    const flooder = await joinLobby(app, code, "Mallory");
    const listener = await clients.connect("Hana", host.token);
    const began = performance.now();
    let last: Client | undefined;
    for (let i = 0; i < 60; i++) {
      last = await clients.connect(`Mallory#${i}`, flooder.token);
      for (let j = 0; j < 38; j++) last.emit("chat-message", { message: `flood-${i}-${j}`, chatType: "game" });
    }
    last!.close();
    // Each older connection was closed on replacement; the last one's close comes after its frames.
    await listener.waitFor("player-disconnected", (p) => p.playerId === flooder.id);
    const seconds = (performance.now() - began) / 1000;
    // The burst of 40 (less the joins' frames) and 20 a second after it.
    expect(chatLines(listener, "flood-")).toBeLessThanOrEqual(40 + 20 * seconds);
    expect(chatLines(listener, "flood-")).toBeGreaterThan(0);
  });

  test("many seats from one address share the address's budget", async () => {
    const { app, clients } = await start(REAL_LIMITS);
    const { code, ...host } = await createLobby(app, "Hana");
    const listener = await clients.connect("Hana", host.token);
    const seats = [];
    for (let i = 0; i < 12; i++) seats.push(await joinLobby(app, code, `Guest ${i}`));
    const flooders = [];
    for (const seat of seats) flooders.push(await clients.connect(seat.name, seat.token));
    const began = performance.now();
    // 38 each is under one player's burst: only the address's budget (100 a second, bursts of 200) holds them.
    for (const [i, c] of flooders.entries()) for (let j = 0; j < 38; j++) c.emit("chat-message", { message: `flood-${i}-${j}`, chatType: "game" });
    for (const c of flooders) c.close();
    for (const seat of seats) await listener.waitFor("player-disconnected", (p) => p.playerId === seat.id);
    const seconds = (performance.now() - began) / 1000;
    expect(chatLines(listener, "flood-")).toBeLessThanOrEqual(200 + 100 * seconds);
    expect(chatLines(listener, "flood-")).toBeLessThan(12 * 38);
  });
});

for (const transport of TRANSPORTS) {
  describe(`connections and snapshots over ${transport}`, () => {
    const { start } = useRealtime(transport);

    test("an address holds at most MAX_CONNECTIONS_PER_ADDRESS connections; one closing lets the next in", async () => {
      const { clients } = await start({ ...REAL_LIMITS, MAX_CONNECTIONS_PER_ADDRESS: "5" });
      const open = [];
      for (let i = 0; i < 5; i++) open.push(await clients.connect(`c${i}`));
      await clients.refused();
      open[0]!.close();
      // The server hears the close a moment later; the next connection is admitted once it has.
      for (let tries = 0; ; tries++) {
        try {
          await clients.connect("after");
          break;
        } catch (err) {
          if (tries > 50) throw err;
        }
      }
    });

    test("a watcher's snapshots are limited per connection and by the address's look-ups", async () => {
      const { app, clients } = await start(REAL_LIMITS);
      const { code } = await createLobby(app, "Hana");
      const tv = await clients.connect("tv");
      tv.emit("watch-lobby", { code });
      await tv.waitFor("lobby-updated", (p) => p.updateType === "snapshot");
      const began = performance.now();
      for (let i = 0; i < 10; i++) tv.emit("lobby-updated", { lobbyCode: code });
      // Each request is answered, with a snapshot or a refusal; the fallback's POSTs go one at a time.
      const answered = () => tv.events("socket-error").length + tv.events("lobby-updated").length - 1;
      await tv.waitFor("socket-error", () => answered() >= 10, 10_000);
      const seconds = (performance.now() - began) / 1000;
      const refusals = tv.events("socket-error");
      expect(refusals.every((r) => r.event === "lobby-updated" && r.message === "Too many requests, slow down")).toBe(true);
      // Bursts of 3, the watch's snapshot one of them, then one every 5 s (SNAPSHOTS_PER_MIN 12): the rest are refused.
      const asked = tv.events("lobby-updated").length - 1;
      expect(asked).toBeGreaterThanOrEqual(2);
      expect(asked).toBeLessThanOrEqual(2 + Math.ceil(seconds / 5));
      expect(asked + refusals.length).toBe(10);
    });
  });
}
