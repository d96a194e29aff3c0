// The realtime side of the hostile suite: frames paced under the server's flood guard, arbitrary
// [event, ...args] frames (well-formed or not), and an oracle, written from the contract rather than
// from the server's schemas, of what the sending connection should hear back.
import fc from "fast-check";
import { chatText } from "../../src/game/lobby-rules";
import type { Client } from "../support/sockets";
import { oddScalar, oddString, oddValue } from "./hostile";

/**
 * The server's guard allows bursts of 40 and 20 events/s per socket; this bucket stays well inside
 * (30, 15/s), so no fuzzed event is dropped and every expectation below is exact.
 */
export class Pacer {
  private tokens = 30;
  private last = performance.now();

  async take(n: number): Promise<void> {
    for (;;) {
      const now = performance.now();
      this.tokens = Math.min(30, this.tokens + ((now - this.last) / 1000) * 15);
      this.last = now;
      if (this.tokens >= n) {
        this.tokens -= n;
        return;
      }
      await Bun.sleep(Math.ceil(((n - this.tokens) / 15) * 1000));
    }
  }
}

export const CLIENT_EVENTS = ["join-lobby", "leave-lobby", "chat-message", "lobby-updated"] as const;

/** One frame, `[event, ...args]` once JSON-encoded: well-formed with a string event and at most one arg. */
export interface Emit {
  event: string | number;
  args: unknown[];
}

const OMIT = Symbol("omit");
const maybe = (a: fc.Arbitrary<unknown>) => fc.oneof({ weight: 3, arbitrary: a }, { weight: 1, arbitrary: fc.constant(OMIT) });
const own = (o: Record<string, unknown>, extra: Record<string, unknown>) => {
  const out: Record<string, unknown> = {};
  for (const [k, v] of [...Object.entries(o), ...Object.entries(extra)]) if (v !== OMIT) Object.defineProperty(out, k, { value: v, enumerable: true, writable: true, configurable: true });
  return out;
};
const protoExtras = fc.dictionary(fc.constantFrom("__proto__", "constructor", "prototype", "playerId", "team", "playerName", "isHost", "updateType"), oddValue(["isHost", "team", "chatType"]), { maxKeys: 3 });

/** Payloads shaped like the real ones, with fields swapped, dropped, or joined by prototype keys. */
const chatLike = fc
  .tuple(
    fc.record({
      message: maybe(fc.oneof(fc.constantFrom("hello", "  padded  ", " ", "", "é".repeat(600), "x".repeat(4000), "x".repeat(4001), "<script>alert(1)</script>", `${"c".repeat(499)}😀`, "lone \ud800", "\udfff"), oddString)),
      chatType: maybe(fc.oneof(fc.constantFrom("game", "team", "TEAM", "private", ""), oddScalar)),
      lobbyCode: maybe(fc.oneof(fc.constantFrom("ABCD", "abcdefgh", "abcdefghi"), oddScalar)),
    }),
    protoExtras,
  )
  .map(([o, extra]) => own(o, extra));
const tokenLike = fc.tuple(fc.record({ token: maybe(fc.oneof(fc.string({ minLength: 1, maxLength: 40 }), fc.constantFrom("", "x".repeat(2048), "x".repeat(2049), "a.b.c"), oddScalar)), lobbyCode: maybe(oddScalar) }), protoExtras).map(([o, extra]) => own(o, extra));

export const payload: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 3, arbitrary: chatLike },
  { weight: 2, arbitrary: tokenLike },
  { weight: 3, arbitrary: oddValue(["token", "message", "chatType", "lobbyCode", "playerId", "team"]) },
  { weight: 1, arbitrary: fc.uint8Array({ maxLength: 32 }).map((b) => new Uint8Array(b)) },
  { weight: 1, arbitrary: fc.constant(undefined) },
);

const unknownEvent = fc.oneof(
  fc.constantFrom("__proto__", "constructor", "prototype", "toString", "hasOwnProperty", "valueOf", "error", "socket-error", "lobby-updated ", "CHAT-MESSAGE", "round-started", "player-kicked", "message", "ping", "connect", "disconnect", "*", ""),
  fc.string({ maxLength: 30 }),
  // not a string: a malformed frame
  fc.integer({ min: -5, max: 5000 }),
);

export const emitArb: fc.Arbitrary<Emit> = fc.record({
  event: fc.oneof({ weight: 4, arbitrary: fc.constantFrom<string | number>(...CLIENT_EVENTS) }, { weight: 1, arbitrary: unknownEvent }),
  args: fc.oneof(
    { weight: 6, arbitrary: fc.array(payload, { minLength: 0, maxLength: 1 }) },
    // more than one payload: a malformed frame
    { weight: 1, arbitrary: fc.array(payload, { minLength: 2, maxLength: 3 }) },
    { weight: 1, arbitrary: fc.array(oddScalar, { minLength: 10, maxLength: 80 }) },
  ),
});

/** The frame's text: JSON turns an undefined arg into null, and a Uint8Array into an object of its bytes. */
export const frameOf = (e: Emit) => JSON.stringify([e.event, ...e.args]);
export const wellFormed = (e: Emit) => typeof e.event === "string" && e.args.length <= 1;
/** The socket-error a malformed frame earns (the connection then closes). */
export const malformed = (e: Emit) => ({ event: "socket-error", detail: { event: typeof e.event === "string" ? e.event : "", message: "Malformed frame" } });

/** Keeps frames under the 16 KiB limit: what an oversized frame does is tested in safety.test.ts. */
export const fitsFrame = (e: Emit) => Buffer.byteLength(frameOf(e)) < 12_000;

export function send(client: Client, e: Emit): void {
  client.send(frameOf(e));
}

// ---- the oracle: what the contract (docs/contract.md "Client events") says each event does with a payload ----

/** After the JSON round trip, an "object" is anything but null and arrays; a Uint8Array arrives as an object too. */
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);
/** Lengths are counted in code points, as zod 4 counts them: an emoji is one character, not two. */
const chars = (s: string) => [...s].length;
const has = (o: Record<string, unknown>, k: string) => Object.prototype.hasOwnProperty.call(o, k) && o[k] !== undefined;
const optString = (o: Record<string, unknown>, k: string, min: number, max: number) => !has(o, k) || (typeof o[k] === "string" && chars(o[k] as string) >= min && chars(o[k] as string) <= max);

export const validJoin = (p: unknown) => isObject(p) && !(p instanceof Uint8Array) && has(p, "token") && optString(p, "token", 1, 2048);
export const validLeave = (p: unknown) => p === undefined || (isObject(p) && (p instanceof Uint8Array || optString(p, "token", 1, 2048)));
export const validRefresh = (p: unknown) => p === undefined || (isObject(p) && (p instanceof Uint8Array || optString(p, "lobbyCode", 0, 8)));
/** The chat message a valid chat payload makes (trimmed, at most 500), null for a blank one; undefined when invalid. */
export function chatOf(p: unknown): { message: string; chatType: "game" | "team" } | null | undefined {
  if (!isObject(p) || p instanceof Uint8Array) return undefined;
  if (typeof p.message !== "string" || !has(p, "message") || chars(p.message) > 4000) return undefined;
  if (has(p, "chatType") && p.chatType !== "game" && p.chatType !== "team") return undefined;
  if (!optString(p, "lobbyCode", 0, 8)) return undefined;
  // kept as the rules keep it (chatText): control characters made spaces, trimmed, at most 500 units
  const message = chatText(p.message);
  return message ? { message, chatType: (p.chatType as "game" | "team" | undefined) ?? "game" } : null;
}

/** The payload as the handler sees it: none for `[event]`; JSON turns an undefined one into null. */
export function first(e: Emit): unknown {
  if (e.args.length === 0) return undefined;
  return e.args[0] === undefined ? null : e.args[0];
}
export const isKnown = (e: Emit) => typeof e.event === "string" && (CLIENT_EVENTS as readonly string[]).includes(e.event);
