// Cross-site socket handshakes are refused (DESIGN.md section 3): another site's Origin gets a 403
// on the polling handshake and a failed websocket upgrade; the server's own origin, requests with
// no Origin, and the origins in ALLOWED_ORIGINS get in.
import { describe, expect, test } from "bun:test";
import { seatFour, useRealtime } from "../support/party";
import { rawWebSocketOpens } from "../support/raw-engine";
import { SOCKET_PATH, TRANSPORTS, type Transport } from "../support/sockets";

const EVIL = "http://evil.example";
const FRIEND = "http://friend.example";

/** A raw handshake on `transport` with these headers: true if the server let it in. */
async function rawHandshake(url: string, transport: Transport, headers: Record<string, string>): Promise<boolean> {
  if (transport === "websocket") return rawWebSocketOpens(url, headers);
  const res = await fetch(`${url}${SOCKET_PATH}?EIO=4&transport=polling`, { headers });
  const text = await res.text();
  if (res.status === 200) {
    expect(text.startsWith("0{")).toBe(true);
    return true;
  }
  expect(res.status).toBe(403);
  return false;
}

for (const transport of TRANSPORTS) {
  describe(`handshake origin over ${transport}`, () => {
    const { start } = useRealtime(transport);

    test("another site's Origin is refused; the server's own and no Origin are accepted", async () => {
      const { app, clients } = await start();
      const four = await seatFour(app);

      const refused = await clients.refused({ extraHeaders: { origin: EVIL } });
      expect(String(refused.message)).toMatch(transport === "polling" ? /xhr poll error/ : /websocket error/);
      // the transport's own error names the status: "Unexpected server response: 403" or 403
      const detail = (refused as { description?: { message?: string } | number }).description;
      expect(String(typeof detail === "object" ? detail.message : detail)).toContain("403");

      expect(await rawHandshake(app.url, transport, { origin: EVIL })).toBe(false);
      // a look-alike of the server's own origin on another port or scheme is another site
      const port = new URL(app.url).port;
      expect(await rawHandshake(app.url, transport, { origin: `http://127.0.0.1:${Number(port) + 1}` })).toBe(false);
      expect(await rawHandshake(app.url, transport, { origin: "null" })).toBe(false);

      expect(await rawHandshake(app.url, transport, { origin: app.url })).toBe(true);
      expect(await rawHandshake(app.url, transport, {})).toBe(true);

      // a polling session opened without an Origin cannot be upgraded from another site
      const opened = await fetch(`${app.url}${SOCKET_PATH}?EIO=4&transport=polling`);
      const { sid } = JSON.parse((await opened.text()).slice(1));
      const upgrade = `${app.url}${SOCKET_PATH}?EIO=4&transport=websocket&sid=${sid}`;
      expect(await rawWebSocketOpens(upgrade, { origin: EVIL }, true)).toBe(false);
      expect(await rawWebSocketOpens(upgrade, { origin: app.url }, true)).toBe(true);

      // socket.io-client from the same origin joins and plays normally
      const same = await clients.connect("same-origin", four.blue1.token, { extraHeaders: { origin: app.url } });
      expect(same.connected).toBe(true);
      const none = await clients.connect("no-origin", four.red1.token);
      none.emit("chat-message", { message: "made it", chatType: "game" });
      expect(await same.waitFor("chat-message", (m) => m.message === "made it")).toMatchObject({ playerId: four.red1.id });
    });

    test("ALLOWED_ORIGINS lets those sites in and nobody else", async () => {
      const { app, clients } = await start({ ALLOWED_ORIGINS: `${FRIEND}, https://party.example` });
      const four = await seatFour(app);

      expect(await rawHandshake(app.url, transport, { origin: FRIEND })).toBe(true);
      expect(await rawHandshake(app.url, transport, { origin: "https://party.example" })).toBe(true);
      expect(await rawHandshake(app.url, transport, { origin: "https://friend.example" })).toBe(false);
      expect(await rawHandshake(app.url, transport, { origin: EVIL })).toBe(false);
      expect(await rawHandshake(app.url, transport, { origin: app.url })).toBe(true);

      const friend = await clients.connect("friend", four.blue2.token, { extraHeaders: { origin: FRIEND } });
      expect(friend.connected).toBe(true);
      await clients.refused({ extraHeaders: { origin: EVIL } });
    });
  });
}
