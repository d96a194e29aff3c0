// Room and team broadcasts go out through Bun's native publish for sockets on a WebSocket and through
// socket.io for sockets still on polling (src/realtime/fanout.ts). One lobby mixing a websocket
// client, a polling client and a client that upgrades from polling to websocket mid-session: every
// room message reaches each of them exactly once, team messages reach exactly that team, and a
// socket that leaves the lobby (or moves team) hears nothing more of it.
import { afterEach, expect, test } from "bun:test";
import { io } from "socket.io-client";
import { startHarness, seatFour, teamSelect, type Harness } from "../support/party";
import { Client, Clients, flush, SOCKET_PATH, within } from "../support/sockets";

let h: Harness | undefined;
const opened: Client[] = [];
let ws: Clients | undefined;
let polling: Clients | undefined;

afterEach(async () => {
  for (const c of opened) c.close();
  opened.length = 0;
  ws?.closeAll();
  polling?.closeAll();
  await h?.app.dispose();
  h = ws = polling = undefined;
});

/**
 * A client that starts on polling and upgrades to websocket, as browsers do by default; here the
 * upgrade is held back until the socket is seated (engine.io-client's own probe, started by hand),
 * so the upgrade has to carry the socket's rooms over to their topics.
 */
async function upgrading(url: string, label: string, token: string): Promise<Client> {
  const socket = io(url, { path: SOCKET_PATH, transports: ["polling", "websocket"], upgrade: false, forceNew: true, reconnection: false, timeout: 2000 });
  const client = new Client(socket, label);
  opened.push(client);
  await within(new Promise<void>((resolve) => socket.once("connect", () => resolve())), `connect of ${label}`);
  await client.join(token);
  expect(socket.io.engine.transport.name).toBe("polling");
  const upgraded = new Promise<void>((resolve) => socket.io.engine.once("upgrade", () => resolve()));
  (socket.io.engine as unknown as { _probe(name: string): void })._probe("websocket");
  await within(upgraded, `upgrade of ${label}`);
  expect(socket.io.engine.transport.name).toBe("websocket");
  return client;
}

const count = (c: Client, text: string) => c.events("chat-message").filter((m) => m.message === text).length;

test("mixed transports: room chat once to everyone, team chat only to the team, across an upgrade", async () => {
  h = await startHarness();
  const four = await seatFour(h.app);
  ws = new Clients(h.app.url, "websocket");
  polling = new Clients(h.app.url, "polling");
  const blue1 = await ws.connect("Hana(blue, websocket)", four.blue1.token);
  const red1 = await polling.connect("Ravi(red, polling)", four.red1.token);
  const blue2 = await upgrading(h.app.url, "Bo(blue, upgraded)", four.blue2.token);
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

  // The upgraded socket moves to red: blue's topic drops it, red's takes it.
  await teamSelect(h.app, four.blue2, "red", false);
  for (const c of everyone) await c.waitFor("player-team-changed");
  blue1.emit("chat-message", { message: "blue-after-move", chatType: "team" });
  red2.emit("chat-message", { message: "red-after-move", chatType: "team" });
  for (const c of [red1, red2, blue2]) await c.waitFor("chat-message", (m) => m.message === "red-after-move");
  await blue1.waitFor("chat-message", (m) => m.message === "blue-after-move");
  await flush(blue1, ...everyone);
  expect(blue2.json()).not.toContain("blue-after-move");
  expect(count(blue2, "red-after-move")).toBe(1);

  // Leaving the lobby's rooms (page closed, seat kept) ends room chat for that socket.
  blue2.emit("leave-lobby", {});
  for (const c of [blue1, red1, red2]) await c.waitFor("player-disconnected", (p) => p.playerId === four.blue2.id);
  blue1.emit("chat-message", { message: "after-leave", chatType: "game" });
  for (const c of [blue1, red1, red2]) await c.waitFor("chat-message", (m) => m.message === "after-leave");
  await flush(red2, red1);
  expect(blue2.json()).not.toContain("after-leave");
});
