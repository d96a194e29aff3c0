// Room and team broadcasts go out through Bun's native publish to WebSockets and are written one by
// one to the fallback's streams (src/realtime/rooms.ts). One lobby mixing both: every room message
// reaches each connection exactly once, team messages reach exactly that team, and a connection that
// leaves the lobby (or moves team) hears nothing more of it, on either transport.
import { afterEach, expect, test } from "bun:test";
import { seatFour, teamSelect } from "../support/rest";
import { type Harness, startHarness } from "../support/party";
import { Clients, flush, type Client } from "../support/sockets";

let h: Harness | undefined;
let ws: Clients | undefined;
let stream: Clients | undefined;

afterEach(async () => {
  ws?.closeAll();
  stream?.closeAll();
  await h?.app.dispose();
  h = ws = stream = undefined;
});

const count = (c: Client, text: string) => c.events("chat-message").filter((m) => m.message === text).length;

test("mixed transports: room chat once to everyone, team chat only to the team, across a team move", async () => {
  h = await startHarness();
  const four = await seatFour(h.app);
  ws = new Clients(h.app.url, "websocket");
  stream = new Clients(h.app.url, "stream");
  const blue1 = await ws.connect("Hana(blue, websocket)", four.blue1.token);
  const red1 = await stream.connect("Ravi(red, stream)", four.red1.token);
  const blue2 = await stream.connect("Bo(blue, stream)", four.blue2.token);
  const red2 = await ws.connect("Rue(red, websocket)", four.red2.token);
  const everyone = [blue1, blue2, red1, red2];

  for (const [i, sender] of everyone.entries()) sender.emit("chat-message", { message: `room-${i}`, chatType: "game" });
  blue2.emit("chat-message", { message: "blue-secret", chatType: "team" });
  red1.emit("chat-message", { message: "red-secret", chatType: "team" });
  for (const c of everyone) for (let i = 0; i < everyone.length; i++) await c.waitFor("chat-message", (m) => m.message === `room-${i}`);
  for (const c of [blue1, blue2]) await c.waitFor("chat-message", (m) => m.message === "blue-secret");
  for (const c of [red1, red2]) await c.waitFor("chat-message", (m) => m.message === "red-secret");
  for (const sender of everyone) await flush(sender, ...everyone);

  for (const c of everyone) for (let i = 0; i < everyone.length; i++) expect(count(c, `room-${i}`)).toBe(1);
  for (const c of [blue1, blue2]) {
    expect(count(c, "blue-secret")).toBe(1);
    expect(c.json()).not.toContain("red-secret");
  }
  for (const c of [red1, red2]) {
    expect(count(c, "red-secret")).toBe(1);
    expect(c.json()).not.toContain("blue-secret");
  }

  // Bo's stream moves to red: blue's topic drops it, red's takes it.
  await teamSelect(h.app, four.blue2, "red", false);
  for (const c of everyone) await c.waitFor("player-team-changed");
  blue1.emit("chat-message", { message: "blue-after-move", chatType: "team" });
  red2.emit("chat-message", { message: "red-after-move", chatType: "team" });
  for (const c of [red1, red2, blue2]) await c.waitFor("chat-message", (m) => m.message === "red-after-move");
  await blue1.waitFor("chat-message", (m) => m.message === "blue-after-move");
  await flush(blue1, ...everyone);
  expect(blue2.json()).not.toContain("blue-after-move");
  expect(count(blue2, "red-after-move")).toBe(1);

  // And Rue's WebSocket moves to blue: the same on Bun's topics.
  await teamSelect(h.app, four.red2, "blue", false);
  for (const c of everyone) await c.waitFor("player-team-changed", (p) => p.playerId === four.red2.id);
  red1.emit("chat-message", { message: "red-after-rue", chatType: "team" });
  blue1.emit("chat-message", { message: "blue-with-rue", chatType: "team" });
  for (const c of [red1, blue2]) await c.waitFor("chat-message", (m) => m.message === "red-after-rue");
  for (const c of [blue1, red2]) await c.waitFor("chat-message", (m) => m.message === "blue-with-rue");
  await flush(red1, ...everyone);
  expect(red2.json()).not.toContain("red-after-rue");
  expect(count(red2, "blue-with-rue")).toBe(1);

  // Leaving the lobby's rooms (page closed, seat kept) ends room chat for that connection.
  blue2.emit("leave-lobby", {});
  for (const c of [blue1, red1, red2]) await c.waitFor("player-disconnected", (p) => p.playerId === four.blue2.id);
  blue1.emit("chat-message", { message: "after-leave", chatType: "game" });
  for (const c of [blue1, red1, red2]) await c.waitFor("chat-message", (m) => m.message === "after-leave");
  await flush(red2, red1);
  expect(blue2.json()).not.toContain("after-leave");
});
