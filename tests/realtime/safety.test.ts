// What one bad client can do to the others: nothing. An oversized frame, a malformed frame, bytes that
// are not UTF-8 or an event flood close only the offending connection; and a player moved to the
// other team stops hearing the old team's chat.
import { describe, expect, test } from "bun:test";
import { BAD_UTF8 } from "../hostile/hostile";
import { MAX_FRAME_BYTES, WS_PATH } from "../../src/shared/wire";
import { joinLobby, type Seat, teamSelect } from "../support/rest";
import { useRealtime } from "../support/party";
import { rawUpgrade, RawStream } from "../support/raw-wire";
import { Client, flush, TRANSPORTS, within, type Clients } from "../support/sockets";

/**
 * Frames that are no `[event]` or `[event, payload]` with a string event: the JSON-frame equivalents
 * of socket.io-parser's malformed packets. Each should earn `socket-error { event, message:
 * "Malformed frame" }` (event "" when the frame names none) and the connection closed with 1008.
 */
const MALFORMED: { name: string; frame: string; event: string }[] = [
  { name: "not JSON: unbalanced", frame: '["chat-message",{"message":"x"}', event: "" },
  { name: "not JSON: plain text", frame: "hello", event: "" },
  { name: "not JSON: empty frame", frame: "", event: "" },
  { name: "not JSON: NaN", frame: '["chat-message",NaN]', event: "" },
  { name: "not an array: object", frame: '{"event":"chat-message","payload":{}}', event: "" },
  { name: "not an array: string", frame: '"chat-message"', event: "" },
  { name: "not an array: number", frame: "42", event: "" },
  { name: "not an array: null", frame: "null", event: "" },
  { name: "wrong arity: empty array", frame: "[]", event: "" },
  { name: "wrong arity: two payloads", frame: '["chat-message",{"message":"hi"},{}]', event: "chat-message" },
  { name: "wrong arity: many arguments", frame: '["leave-lobby",null,null,null]', event: "leave-lobby" },
  { name: "event a number", frame: '[42,{"message":"hi"}]', event: "" },
  { name: "event null", frame: '[null,"bar"]', event: "" },
  { name: "event an object", frame: '[{"toString":"foo"}]', event: "" },
  { name: "event a boolean", frame: '[true,"foo"]', event: "" },
  { name: "event an array", frame: '[["chat-message"],{"message":"hi"}]', event: "" },
];

for (const transport of TRANSPORTS) {
  describe(`safety over ${transport}`, () => {
    const { seat } = useRealtime(transport);

    /** The given clients are still connected and still hear each other. */
    async function stillTalking(...cs: Client[]): Promise<void> {
      for (const c of cs) expect({ who: c.label, connected: c.connected }).toEqual({ who: c.label, connected: true });
      await flush(cs[0]!, ...cs);
    }

    test(`a frame over ${MAX_FRAME_BYTES} bytes closes only that socket`, async () => {
      const { four, blue1, blue2, red1, red2 } = await seat();
      // just under the limit: the frame is read, the chat text is refused, the socket stays
      blue2.emit("chat-message", { message: "u".repeat(MAX_FRAME_BYTES - 1024), chatType: "game" });
      expect(await blue2.waitFor("socket-error")).toEqual({ event: "chat-message", message: "Invalid payload" });
      expect(blue2.connected).toBe(true);

      blue2.emit("chat-message", { message: "o".repeat(MAX_FRAME_BYTES + 1024), chatType: "game" });
      expect(await blue2.waitForDisconnect()).toBe("frame too big");
      for (const c of [blue1, red1, red2]) await c.waitFor("player-disconnected", (p) => p.playerId === four.blue2.id);
      await stillTalking(red2, blue1, red1);
      for (const c of [blue1, red1, red2]) expect(c.json()).not.toContain("ooooo");
    });

    /** A connection of a fresh seat ("Raw"), joined. */
    async function rawSeat(clients: Clients, seat: Seat, label: string): Promise<Client> {
      const conn = await clients.connect(label, seat.token);
      expect({ label, connected: conn.connected }).toEqual({ label, connected: true });
      return conn;
    }

    test("malformed frames get socket-error and close that connection, and nothing else", async () => {
      const { app, clients, four, blue1, blue2, red1, red2 } = await seat();
      const raw: Seat = await joinLobby(app, four.code, "Raw");

      // control: well-formed frames, even for an unknown event, keep the connection open
      const control = await rawSeat(clients, raw, "control");
      control.send('["no-such-event",{}]');
      control.send('["chat-message",{"message":"raw hello","chatType":"game"}]');
      await control.waitFor("chat-message", (m) => m.message === "raw hello");
      expect((await red1.waitFor("chat-message", (m) => m.message === "raw hello")).playerId).toBe(raw.id);
      await flush(red2, blue1, red1);
      expect(control.connected).toBe(true);
      expect(control.events("socket-error")).toEqual([]);
      control.close();

      for (const bad of MALFORMED) {
        const conn = await rawSeat(clients, raw, bad.name);
        conn.send(bad.frame);
        expect({ case: bad.name, heard: await conn.waitFor("socket-error") }).toEqual({ case: bad.name, heard: { event: bad.event, message: "Malformed frame" } });
        expect({ case: bad.name, reason: await conn.waitForDisconnect() }).toEqual({ case: bad.name, reason: "policy violation" });
        await stillTalking(red2, blue1, blue2, red1);
      }
    });

    test("bytes that are not UTF-8 (an encoded lone surrogate among them) close only that connection", async () => {
      const { app, blue1, blue2, red1, red2 } = await seat();
      for (const bytes of BAD_UTF8) {
        const frame = new Uint8Array([...new TextEncoder().encode('["chat-message",{"message":"'), ...bytes, ...new TextEncoder().encode('"}]')]);
        const what = `bytes ${bytes.map((b) => b.toString(16)).join(" ")}`;
        if (transport === "websocket") {
          // Bun refuses an invalid text frame itself, with 1007.
          const { status, closeCode } = await rawUpgrade(app.url, {}, frame);
          expect({ what, status, code: await closeCode }).toEqual({ what, status: 101, code: 1007 });
        } else {
          const session = await RawStream.open(app.url);
          expect(await session.post(frame)).toBe(204);
          await session.waitEnded();
          expect({ what, frames: session.frames, close: session.closeEvent?.code }).toEqual({ what, frames: ['["socket-error",{"event":"","message":"Malformed frame"}]'], close: 1008 });
        }
        await stillTalking(red2, blue1, blue2, red1);
      }
      if (transport !== "websocket") return;
      // A binary frame is no frame of this protocol either.
      const ws = new WebSocket(app.url.replace(/^http/, "ws") + WS_PATH);
      const heard: string[] = [];
      ws.onmessage = (e) => heard.push(String(e.data));
      const closed = new Promise<number>((resolve) => (ws.onclose = (e) => resolve(e.code)));
      await within(new Promise((resolve) => (ws.onopen = resolve)), "the binary sender's open");
      ws.send(new Uint8Array([0x5b, 0x22, 0x78, 0x22, 0x5d]));
      expect(await within(closed, "the binary sender's close")).toBe(1008);
      expect(heard).toContain('["socket-error",{"event":"","message":"Malformed frame"}]');
      await stillTalking(red2, blue1, blue2, red1);
    });

    test("an event flood is throttled and the flooding socket cut off; the others stay", async () => {
      const { four, blue1, blue2, red1, red2 } = await seat();
      for (let i = 0; i < 500; i++) blue2.emit("chat-message", { message: `flood-${i}`, chatType: "game" });
      expect(await blue2.waitForDisconnect()).toBe("policy violation");
      for (const c of [blue1, red1, red2]) await c.waitFor("player-disconnected", (p) => p.playerId === four.blue2.id);
      await stillTalking(red1, blue1, red2);

      for (const c of [blue1, red1, red2]) {
        const heard = c.events("chat-message").filter((m) => m.message.startsWith("flood-")).length;
        // At most the burst of 40 (less join-lobby's token, plus a trickle at 20/s) gets through; the
        // rest is dropped. The fallback's POSTs go one at a time, so a few more refill the bucket.
        expect(heard).toBeLessThanOrEqual(60);
      }
    });

    test("a player moved to the other team stops hearing the old team's chat", async () => {
      const { app, four, blue1, blue2, red1, red2 } = await seat();
      await teamSelect(app, four.blue2, "red", false);
      for (const c of [blue1, blue2, red1, red2]) {
        expect(await c.waitFor("player-team-changed")).toMatchObject({ updateType: "player-team-changed", playerId: four.blue2.id });
      }

      blue1.emit("chat-message", { message: "blue plan after Bo left", chatType: "team" });
      red1.emit("chat-message", { message: "welcome to red, Bo", chatType: "team" });
      expect(await blue2.waitFor("chat-message", (m) => m.message === "welcome to red, Bo")).toMatchObject({ team: "red", chatType: "team" });
      await blue1.waitFor("chat-message", (m) => m.message === "blue plan after Bo left");
      await flush(red1, blue1, blue2, red2);
      expect(blue2.json()).not.toContain("blue plan after Bo left");

      blue2.emit("chat-message", { message: "Bo speaking for red", chatType: "team" });
      for (const c of [red1, red2, blue2]) expect(await c.waitFor("chat-message", (m) => m.message === "Bo speaking for red")).toMatchObject({ team: "red" });
      await flush(red1, blue1);
      expect(blue1.json()).not.toContain("Bo speaking for red");
    });
  });
}
