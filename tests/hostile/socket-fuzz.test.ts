// Every client event (and unknown ones) sent as JSON frames through the page's own links with
// arbitrary payloads: non-objects, prototype keys, long strings, lone surrogates, byte arrays, too
// many arguments, events that are no string. The server stays up; the sending connection hears
// `socket-error` or nothing (or exactly what a valid payload earns: its chat, its snapshot), and a
// malformed frame closes it; nobody else hears anything but a valid chat; the lobby does not change
// except for that chat; nothing reaches Object.prototype. Frames are paced under the flood guard
// (tests/realtime/safety.test.ts covers floods, oversized frames and a list of malformed ones).
import { describe, expect, test } from "bun:test";
import fc from "fast-check";
import type { LobbyState } from "../../src/game/types";
import { call } from "../support/app";
import { joinLobby } from "../support/rest";
import { type SeatedFour, useRealtime } from "../support/party";
import { flush, TRANSPORTS, type Client } from "../support/sockets";
import { expectNoPollution, prototypeShapes, timed } from "./hostile";
import { chatOf, emitArb, first, fitsFrame, isKnown, malformed, Pacer, send, validJoin, validLeave, validRefresh, wellFormed, type Emit } from "./socket-kit";

const RUNS = Number(process.env.HOSTILE_SOCKET_RUNS ?? 200);
const FUZZERS = 6;

interface Heard {
  event: string;
  detail: unknown;
}

/** What matters of a received event, so logs compare exactly. */
function heard(c: Client, from: number): Heard[] {
  return c.since(from).map(({ event, payload }) => {
    if (event === "socket-error") return { event, detail: payload };
    if (event === "chat-message") return { event, detail: { message: payload?.message, chatType: payload?.chatType, playerId: payload?.playerId } };
    if (event === "lobby-updated") return { event, detail: payload?.updateType };
    return { event, detail: payload };
  });
}

/** Waits until `c` has heard `n` events since `from`; anything extra shows up by the next flush. */
async function hearN(c: Client, from: number, n: number): Promise<void> {
  await c.waitForCount(from, n).catch(() => {
    throw new Error(`${c.label} heard ${c.log.length - from} of ${n} events: ${JSON.stringify(heard(c, from)).slice(0, 400)}`);
  });
}

const snapshotOf = (s: SeatedFour) => structuredClone(s.app.service.get(s.four.code)!) as LobbyState;

/** The lobby is as it was, except that `added` (messages in order) joined the end of its chat. */
function expectOnlyChat(before: LobbyState, after: LobbyState, added: { message: string; playerId: string; chatType: string }[], context: unknown): void {
  const { chat: c0, ...rest0 } = before;
  const { chat: c1, ...rest1 } = after;
  expect({ context, state: rest1 }).toEqual({ context, state: rest0 });
  const tail = c1.slice(c1.length - added.length).map(({ message, playerId, chatType }): { message: string; playerId: string; chatType: string } => ({ message, playerId, chatType }));
  expect({ context, tail }).toEqual({ context, tail: added });
  const kept = c1.slice(0, c1.length - added.length);
  expect({ context, kept }).toEqual({ context, kept: c0.slice(c0.length - kept.length) });
}

const describeEmit = (e: Emit) => ({ event: e.event, args: JSON.stringify(e.args, (_k, v) => (v instanceof Uint8Array ? `<${v.length} bytes>` : v))?.slice(0, 300) });

for (const transport of TRANSPORTS) {
  const runs = transport === "websocket" ? RUNS : Math.max(10, Math.round(RUNS / 3));

  describe(`socket fuzz over ${transport}`, () => {
    const { seat } = useRealtime(transport);

    test(`${runs} runs of 1-3 hostile well-formed frames from seated players: socket-error or nothing, only a valid chat changes anything`, async () => {
      const shapes = prototypeShapes();
      const s = await seat();
      const fuzzers: { client: Client; id: string; pacer: Pacer }[] = [];
      for (let i = 0; i < FUZZERS; i++) {
        const seatN = await joinLobby(s.app, s.four.code, `Fuzz${i}`);
        fuzzers.push({ client: await s.clients.connect(`Fuzz${i}`, seatN.token), id: seatN.id, pacer: new Pacer() });
      }
      const everyone = [s.blue1, s.blue2, s.red1, s.red2, ...fuzzers.map((f) => f.client)];
      // Presence events of the last to connect may still be on their way: let them land first.
      await flush(s.blue1, ...everyone);
      // A valid join-lobby or leave-lobby is a real action, not hostile input: those go to the unseated test.
      // Malformed frames close the connection: those go to the unseated test.
      const emits = fc.array(emitArb.filter((e) => wellFormed(e) && fitsFrame(e) && !(e.event === "join-lobby" && validJoin(first(e))) && !(e.event === "leave-lobby" && validLeave(first(e)))), { minLength: 1, maxLength: 3 });
      let run = 0;

      await timed(`socket-fuzz seated over ${transport} (${runs} runs)`, () =>
        fc.assert(
          fc.asyncProperty(emits, async (batch) => {
            const f = fuzzers[run++ % FUZZERS]!;
            const context = { from: f.client.label, batch: batch.map(describeEmit) };
            const before = snapshotOf(s);
            const me = before.players.find((p) => p.id === f.id)!;
            const marks = new Map(everyone.map((c) => [c, c.mark()]));
            await f.pacer.take(batch.length + 1);

            const mine: Heard[] = [];
            const chats: { message: string; playerId: string; chatType: string }[] = [];
            for (const e of batch) {
              send(f.client, e);
              if (!isKnown(e)) continue;
              const p = first(e);
              const invalid = () => mine.push({ event: "socket-error", detail: { event: e.event, message: "Invalid payload" } });
              if (e.event === "chat-message") {
                // invalid: socket-error; blank: nothing; else the chat, which the sender hears too
                const chat = chatOf(p);
                if (chat === undefined) invalid();
                else if (chat) {
                  chats.push({ ...chat, playerId: f.id });
                  mine.push({ event: "chat-message", detail: chats.at(-1) });
                }
              } else if (e.event === "lobby-updated") {
                if (validRefresh(p)) mine.push({ event: "lobby-updated", detail: "snapshot" });
                else invalid();
              } else invalid();
            }
            // The probe goes after the batch on the same socket: once everyone has it, the batch is done.
            await flush(f.client, ...everyone);
            const after = snapshotOf(s);
            const probe = after.chat.at(-1)!;
            const probeHeard = { event: "chat-message", detail: { message: probe.message, chatType: "game", playerId: f.id } };

            expect({ context, heard: heard(f.client, marks.get(f.client)!) }).toEqual({ context, heard: [...mine, probeHeard] });
            for (const c of everyone) {
              if (c === f.client) continue;
              const team = after.players.find((p) => c.label.startsWith(p.name))?.team;
              const visible = chats.filter((m) => m.chatType === "game" || team === me.team).map((detail) => ({ event: "chat-message", detail }));
              expect({ context, to: c.label, heard: heard(c, marks.get(c)!) }).toEqual({ context, to: c.label, heard: [...visible, probeHeard] });
            }
            expectOnlyChat(before, after, [...chats, { message: probe.message, playerId: f.id, chatType: "game" }], context);
            for (const c of everyone) expect({ context, who: c.label, connected: c.connected }).toEqual({ context, who: c.label, connected: true });
            expectNoPollution(shapes);
          }),
          { numRuns: runs },
        ),
      );
    }, 60_000);

    test("payloads nested thousands deep, around strings and byte arrays: socket-error or the valid answer, nobody else hears a thing", async () => {
      const shapes = prototypeShapes();
      const s = await seat();
      const deep = (depth: number, core: unknown): unknown => {
        let v = core;
        for (let i = 0; i < depth; i++) v = [v];
        return v;
      };
      const pacer = new Pacer();
      const cases: { event: string; payload: unknown; answer: Heard }[] = [];
      for (const depth of [1000, 5000, 6000]) {
        for (const core of ["x", new Uint8Array([1, 2, 3])]) {
          const nested = deep(depth, core);
          const invalid = (event: string): Heard => ({ event: "socket-error", detail: { event, message: "Invalid payload" } });
          cases.push({ event: "chat-message", payload: nested, answer: invalid("chat-message") });
          cases.push({ event: "chat-message", payload: { message: nested, chatType: "game" }, answer: invalid("chat-message") });
          cases.push({ event: "join-lobby", payload: { token: nested }, answer: invalid("join-lobby") });
          cases.push({ event: "lobby-updated", payload: { lobbyCode: s.four.code, __deep: nested }, answer: { event: "lobby-updated", detail: "snapshot" } });
        }
      }
      const others = [s.blue1, s.red1, s.red2];
      await flush(s.blue1, s.blue2, ...others);
      const before = snapshotOf(s);
      for (const c of cases) {
        await pacer.take(2);
        const marks = new Map([s.blue2, ...others].map((x) => [x, x.mark()]));
        s.blue2.emit(c.event, c.payload);
        await flush(s.blue2, ...others);
        const probe = s.app.service.get(s.four.code)!.chat.at(-1)!;
        const probeHeard = { event: "chat-message", detail: { message: probe.message, chatType: "game", playerId: probe.playerId } };
        const context = { event: c.event, depth: JSON.stringify(c.payload, (_k, v) => (v instanceof Uint8Array ? "<bin>" : v)).length };
        expect({ context, heard: heard(s.blue2, marks.get(s.blue2)!) }).toEqual({ context, heard: [c.answer, probeHeard] });
        for (const o of others) expect({ context, heard: heard(o, marks.get(o)!) }).toEqual({ context, heard: [probeHeard] });
      }
      const { chat: _c0, ...was } = before;
      const { chat: _c1, ...now } = snapshotOf(s);
      expect(now).toEqual(was);
      expectNoPollution(shapes);
    }, 60_000);

    test(`${runs} runs of hostile frames from connections that never joined: socket-error or nothing, a malformed frame or a forged join is cut off, nothing changes`, async () => {
      const shapes = prototypeShapes();
      const s = await seat();
      const { app, four } = s;
      const observers = [s.blue1, s.blue2, s.red1, s.red2];
      const observerPacers = observers.map(() => new Pacer());
      // Tokens with a genuine signature that must still not get in, and plain forgeries.
      const leaver = await joinLobby(app, four.code, "Leaver");
      expect((await call(app, "POST", "/api/lobby/leave", { token: leaver.token })).status).toBe(200);
      const hostClaims = { lobby: four.code, sub: four.blue1.id, name: "Hana", isHost: true };
      const [body, payload] = four.blue1.token.split(".");
      const forged = [
        leaver.token,
        await app.tokens.sign(hostClaims, Math.floor(Date.now() / 1000) - 60),
        await app.tokens.sign({ ...hostClaims, sub: crypto.randomUUID() }),
        await app.tokens.sign({ ...hostClaims, lobby: "ZZZZ" }),
        await app.tokens.sign({ ...hostClaims, lobby: "toString", sub: "__proto__" }),
        `${Buffer.from('{"alg":"none","typ":"JWT"}').toString("base64url")}.${payload}.`,
        `${body}.${Buffer.from(JSON.stringify({ ...hostClaims, sub: four.red1.id, exp: 9e9 })).toString("base64url")}.${four.blue1.token.split(".")[2]}`,
        four.blue1.token.toLowerCase(),
      ];
      // A genuine token whose seat or lobby is gone is told which, so the page can say why it left.
      const stale = new Map([
        [forged[0]!, "You are no longer in this lobby"],
        [forged[2]!, "You are no longer in this lobby"],
        [forged[3]!, "This lobby has ended"],
        [forged[4]!, "This lobby has ended"],
      ]);
      const forgedJoin = fc.oneof(fc.nat(), fc.string({ minLength: 1, maxLength: 60 })).map((t): Emit => ({ event: "join-lobby", args: [{ token: typeof t === "number" ? `$FORGED${t % forged.length}` : t }] }));
      const batches = fc.tuple(fc.array(emitArb.filter((e) => fitsFrame(e) && !(e.event === "join-lobby" && validJoin(first(e)))), { maxLength: 3 }), fc.option(forgedJoin, { freq: 3 }));
      const pool: { client: Client; pacer: Pacer }[] = [];
      for (let i = 0; i < 4; i++) pool.push({ client: await s.clients.connect(`stranger${i}`), pacer: new Pacer() });
      await flush(s.blue1, ...observers);
      let run = 0;

      await timed(`socket-fuzz unseated over ${transport} (${runs} runs)`, () =>
        fc.assert(
          fc.asyncProperty(batches, async ([batch, join]) => {
            const slot = run++ % pool.length;
            if (!pool[slot]!.client.connected) pool[slot] = { client: await s.clients.connect(`stranger${run}`), pacer: new Pacer() };
            const u = pool[slot]!;
            const all = join ? [...batch, { ...join, args: [{ token: String((join.args[0] as { token: string }).token).replace(/^\$FORGED(\d+)$/, (_m, i) => forged[Number(i)]!) }] }] : batch;
            const context = { from: u.client.label, batch: all.map(describeEmit) };
            const before = snapshotOf(s);
            const marks = new Map([u.client, ...observers].map((c) => [c, c.mark()]));
            await u.pacer.take(all.length + 1);

            const expected: Heard[] = [];
            const error = (event: string | number, message: string) => expected.push({ event: "socket-error", detail: { event, message } });
            // Nothing after a malformed frame is handled: the connection closes on it.
            let cutOff = false;
            for (const e of all) {
              send(u.client, e);
              if (cutOff) continue;
              if (!wellFormed(e)) {
                expected.push(malformed(e));
                cutOff = true;
                continue;
              }
              if (!isKnown(e)) continue;
              const p = first(e);
              const valid = e.event === "join-lobby" ? validJoin(p) : e.event === "leave-lobby" ? validLeave(p) : e.event === "lobby-updated" ? validRefresh(p) : chatOf(p) !== undefined;
              if (!valid) error(e.event, "Invalid payload");
              else if (e.event === "join-lobby") error(e.event, stale.get((p as { token: string }).token) ?? "Invalid or expired session");
              else if (e.event === "chat-message") error(e.event, "Join a lobby first");
            }
            if (cutOff || join) {
              await u.client.waitForDisconnect();
              expect({ context, reason: u.client.disconnectReason }).toEqual({ context, reason: cutOff ? "policy violation" : "server disconnect" });
            } else {
              // The sync: a chat from a connection with no seat is answered to that connection alone.
              u.client.emit("chat-message", { message: "sync" });
              error("chat-message", "Join a lobby first");
              await hearN(u.client, marks.get(u.client)!, expected.length);
            }
            expect({ context, state: snapshotOf(s) }).toEqual({ context, state: before });
            const i = run % observers.length;
            await observerPacers[i]!.take(1);
            await flush(observers[i]!, ...observers);
            const probe = s.app.service.get(four.code)!.chat.at(-1)!;
            expect({ context, heard: heard(u.client, marks.get(u.client)!) }).toEqual({ context, heard: expected });
            for (const c of observers) {
              expect({ context, to: c.label, heard: heard(c, marks.get(c)!) }).toEqual({ context, to: c.label, heard: [{ event: "chat-message", detail: { message: probe.message, chatType: "game", playerId: probe.playerId } }] });
            }
            expectNoPollution(shapes);
          }),
          { numRuns: runs },
        ),
      );
    }, 60_000);
  });
}
