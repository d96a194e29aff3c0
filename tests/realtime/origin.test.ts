// Cross-site realtime connections are refused (docs/contract.md "Realtime"): another site's Origin gets a 403
// for the WebSocket upgrade and for the fallback's stream and POSTs; the server's own origin, requests
// with no Origin, and the origins in ALLOWED_ORIGINS get in.
import { describe, expect, test } from "bun:test";
import { seatFour } from "../support/rest";
import { useRealtime } from "../support/party";
import { rawUpgrade, RawStream } from "../support/raw-wire";
import { TRANSPORTS, type Transport } from "../support/sockets";
import { STREAM_PATH } from "../../src/shared/wire";

const EVIL = "http://evil.example";
const FRIEND = "http://friend.example";

/** A raw handshake on `transport` with these headers: true if the server let it in (else it must answer 403). */
async function rawHandshake(url: string, transport: Transport, headers: Record<string, string>): Promise<boolean> {
  if (transport === "websocket") {
    const { status } = await rawUpgrade(url, headers);
    if (status !== 101) expect(status).toBe(403);
    return status === 101;
  }
  const res = await fetch(url + STREAM_PATH, { headers });
  if (res.status === 200) {
    expect(await res.body!.getReader().read().then(({ value }) => new TextDecoder().decode(value))).toStartWith("event: session\n");
    await res.body!.cancel().catch(() => {});
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

      // the page's own link cannot open from another site
      expect(await clients.refused({ headers: { origin: EVIL } })).toBe("transport close");

      expect(await rawHandshake(app.url, transport, { origin: EVIL })).toBe(false);
      // a look-alike of the server's own origin on another port or scheme is another site
      const port = new URL(app.url).port;
      expect(await rawHandshake(app.url, transport, { origin: `http://127.0.0.1:${Number(port) + 1}` })).toBe(false);
      expect(await rawHandshake(app.url, transport, { origin: "null" })).toBe(false);

      expect(await rawHandshake(app.url, transport, { origin: app.url })).toBe(true);
      expect(await rawHandshake(app.url, transport, {})).toBe(true);

      // a fallback session opened without an Origin takes no frame from another site
      const session = await RawStream.open(app.url);
      expect(await session.post('["lobby-updated"]', { origin: EVIL })).toBe(403);
      expect(await session.post('["lobby-updated"]', { origin: app.url })).toBe(204);
      session.close();

      // the page's link from the same origin joins and plays normally
      const same = await clients.connect("same-origin", four.blue1.token, { headers: { origin: app.url } });
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

      const friend = await clients.connect("friend", four.blue2.token, { headers: { origin: FRIEND } });
      expect(friend.connected).toBe(true);
      await clients.refused({ headers: { origin: EVIL } });
    });
  });
}
