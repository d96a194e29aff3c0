// The page's connection (islands/client/connection.ts) against stand-ins for the browser's WebSocket,
// EventSource and fetch, on fake timers: join-lobby on every connect, the fallback when a WebSocket
// cannot open, the silence watchdog, the connect timeout, and the states the page shows.
import { afterEach, beforeEach, describe, expect, jest, test } from "bun:test";
import { connect, watchLobby, type Connection } from "../../islands/client/connection";
import { CONNECT_TIMEOUT_MS, LATER_DELAY_MS } from "../../islands/client/retry";
import { HEARTBEAT_MS, silenceLimit, STREAM_PATH } from "../../src/shared/wire";

const ORIGIN = "http://party.test";
const TOKEN = "the-token";
/** the token's lobby: every request of the link names it, for a proxy's routing */
const CODE = "ABCD";
/** longer than any retry of the first five (5 s at most) */
const FIRST_RETRY_MAX_MS = 5_000;

class FakeWebSocket {
  static all: FakeWebSocket[] = [];
  readyState = 0;
  readonly sent: string[] = [];
  closedByPage = false;
  onopen: (() => void) | null = null;
  onmessage: ((e: { data: string }) => void) | null = null;
  onclose: ((e: { code: number }) => void) | null = null;
  constructor(readonly url: string) {
    FakeWebSocket.all.push(this);
  }
  send(frame: string) {
    this.sent.push(frame);
  }
  close() {
    this.closedByPage = true;
    this.readyState = 3;
  }
  // what the server and the network do
  open() {
    this.readyState = 1;
    this.onopen?.();
  }
  hear(event: string, payload: unknown = {}) {
    this.onmessage?.({ data: JSON.stringify([event, payload]) });
  }
  lose(code = 1006) {
    this.readyState = 3;
    this.onclose?.({ code });
  }
}

class FakeEventSource {
  static all: FakeEventSource[] = [];
  closed = false;
  onmessage: ((e: { data: string }) => void) | null = null;
  onerror: (() => void) | null = null;
  private readonly named = new Map<string, (e: { data: string }) => void>();
  constructor(readonly url: string) {
    FakeEventSource.all.push(this);
  }
  addEventListener(type: string, fn: (e: { data: string }) => void) {
    this.named.set(type, fn);
  }
  close() {
    this.closed = true;
  }
  session(id: string) {
    this.named.get("session")?.({ data: id });
  }
  hear(event: string, payload: unknown = {}) {
    this.onmessage?.({ data: JSON.stringify([event, payload]) });
  }
  fail() {
    this.onerror?.();
  }
}

let posts: { url: string; body: string }[] = [];
const saved = { WebSocket: globalThis.WebSocket, EventSource: globalThis.EventSource, fetch: globalThis.fetch };

/** The page's window, as far as the connection looks at it. */
function fakeWindow(withWebSocket = true): Window {
  const win = Object.assign(new EventTarget(), { location: { origin: ORIGIN }, document: Object.assign(new EventTarget(), { visibilityState: "visible" }) });
  if (withWebSocket) Object.assign(win, { WebSocket: FakeWebSocket });
  return win as unknown as Window;
}

const frames = (sent: string[]) => sent.map((f) => JSON.parse(f)[0] as string);
const lastSocket = () => FakeWebSocket.all.at(-1)!;
const lastSource = () => FakeEventSource.all.at(-1)!;
/** Lets the fallback's POST promises settle under fake timers. */
const settle = async () => {
  for (let i = 0; i < 5; i++) await Promise.resolve();
};

let conn: Connection | undefined;

beforeEach(() => {
  jest.useFakeTimers();
  FakeWebSocket.all = [];
  FakeEventSource.all = [];
  posts = [];
  Object.assign(globalThis, {
    WebSocket: FakeWebSocket,
    EventSource: FakeEventSource,
    fetch: async (url: string, init: { body: string }) => {
      posts.push({ url, body: init.body });
      return new Response(null, { status: 204 });
    },
  });
});

afterEach(() => {
  conn?.close();
  conn = undefined;
  jest.useRealTimers();
  Object.assign(globalThis, saved);
});

describe("the page's connection", () => {
  test("sends join-lobby on every connect, and what was emitted while offline right after it", () => {
    conn = connect(TOKEN, CODE, fakeWindow());
    expect(conn.state.value).toBe("connecting");
    expect(lastSocket().url).toBe("ws://party.test/ws?lobby=ABCD");
    conn.emit("chat-message", { message: "typed while connecting" });
    lastSocket().open();
    expect(conn.state.value).toBe("online");
    expect(lastSocket().sent.map((f) => JSON.parse(f))).toEqual([
      ["join-lobby", { token: TOKEN }],
      ["chat-message", { message: "typed while connecting" }],
    ]);

    lastSocket().lose();
    expect(conn.state.value).toBe("offline");
    expect(FakeWebSocket.all).toHaveLength(1);
    jest.advanceTimersByTime(FIRST_RETRY_MAX_MS);
    expect(FakeWebSocket.all).toHaveLength(2);
    lastSocket().open();
    expect(conn.state.value).toBe("online");
    expect(frames(lastSocket().sent)).toEqual(["join-lobby"]);
    expect(lastSocket().url).toBe("ws://party.test/ws?lobby=ABCD");
  });

  test("the shared screen's connection names the lobby it watches, on both links", () => {
    conn = watchLobby("WXYZ", fakeWindow());
    expect(lastSocket().url).toBe("ws://party.test/ws?lobby=WXYZ");
    lastSocket().lose();
    expect(lastSource().url).toBe(`${ORIGIN}${STREAM_PATH}?lobby=WXYZ`);
  });

  test("delivers each event to its handlers", () => {
    conn = connect(TOKEN, CODE, fakeWindow());
    const heard: unknown[] = [];
    conn.on("chat-message", (m) => heard.push(m.message));
    conn.on("round-timeup", (p) => heard.push(p.roundNumber));
    lastSocket().open();
    lastSocket().hear("chat-message", { message: "hi" });
    lastSocket().hear("round-timeup", { roundNumber: 3 });
    lastSocket().hear("no-one-listens", {});
    expect(heard).toEqual(["hi", 3]);
  });

  test("a WebSocket that cannot open is followed by the fallback at once, which the page then keeps", async () => {
    conn = connect(TOKEN, CODE, fakeWindow());
    lastSocket().lose();
    expect(FakeEventSource.all).toHaveLength(1);
    expect(lastSource().url).toBe(`${ORIGIN}${STREAM_PATH}?lobby=ABCD`);
    expect(conn.state.value).toBe("connecting");
    lastSource().session("s1");
    expect(conn.state.value).toBe("online");
    await settle();
    expect(posts).toEqual([{ url: `${ORIGIN}${STREAM_PATH}/s1?lobby=ABCD`, body: JSON.stringify(["join-lobby", { token: TOKEN }]) }]);
    // the fallback answers the server's heartbeat, since it has no pings
    lastSource().hear("heartbeat");
    await settle();
    expect(posts.at(-1)).toEqual({ url: `${ORIGIN}${STREAM_PATH}/s1?lobby=ABCD`, body: '["heartbeat"]' });

    // Lost: the next attempt goes straight to the fallback.
    lastSource().fail();
    expect(conn.state.value).toBe("offline");
    jest.advanceTimersByTime(FIRST_RETRY_MAX_MS);
    expect(FakeWebSocket.all).toHaveLength(1);
    expect(FakeEventSource.all).toHaveLength(2);
    // A fallback that cannot open gives the WebSocket its chance again.
    lastSource().fail();
    jest.advanceTimersByTime(FIRST_RETRY_MAX_MS);
    expect(FakeWebSocket.all).toHaveLength(2);
  });

  test("a WebSocket constructor that throws (a policy, a blocked port) is followed by the fallback", async () => {
    class ThrowingWebSocket {
      static made = 0;
      constructor() {
        ThrowingWebSocket.made++;
        throw new DOMException("The operation is insecure.", "SecurityError");
      }
    }
    Object.assign(globalThis, { WebSocket: ThrowingWebSocket });
    conn = connect(TOKEN, CODE, fakeWindow());
    await settle();
    expect(ThrowingWebSocket.made).toBe(1);
    expect(FakeEventSource.all).toHaveLength(1);
    lastSource().session("s1");
    expect(conn.state.value).toBe("online");
    await settle();
    expect(posts).toEqual([{ url: `${ORIGIN}${STREAM_PATH}/s1?lobby=ABCD`, body: JSON.stringify(["join-lobby", { token: TOKEN }]) }]);
    // Lost later: the fallback is tried again, then the WebSocket, whose throw again hands over.
    lastSource().fail();
    jest.advanceTimersByTime(FIRST_RETRY_MAX_MS);
    expect(FakeEventSource.all).toHaveLength(2);
    lastSource().fail();
    jest.advanceTimersByTime(FIRST_RETRY_MAX_MS);
    await settle();
    expect(ThrowingWebSocket.made).toBe(2);
    expect(FakeEventSource.all).toHaveLength(3);
  });

  test("without window.WebSocket the fallback carries it from the start", () => {
    conn = connect(TOKEN, CODE, fakeWindow(false));
    expect(FakeWebSocket.all).toHaveLength(0);
    expect(FakeEventSource.all).toHaveLength(1);
  });

  test("a WebSocket still opening after the connect timeout is dropped for the fallback", () => {
    conn = connect(TOKEN, CODE, fakeWindow());
    jest.advanceTimersByTime(CONNECT_TIMEOUT_MS - 1);
    expect(FakeEventSource.all).toHaveLength(0);
    jest.advanceTimersByTime(1);
    expect(lastSocket().closedByPage).toBe(true);
    expect(FakeEventSource.all).toHaveLength(1);
  });

  test("a connection that hears nothing, not even a heartbeat, for the silence limit is dropped and retried", () => {
    conn = connect(TOKEN, CODE, fakeWindow());
    lastSocket().open();
    const silence = silenceLimit(HEARTBEAT_MS);
    for (let i = 0; i < 5; i++) {
      jest.advanceTimersByTime(HEARTBEAT_MS);
      lastSocket().hear("heartbeat");
    }
    expect(conn.state.value).toBe("online");
    jest.advanceTimersByTime(silence - 1);
    expect(conn.state.value).toBe("online");
    jest.advanceTimersByTime(1);
    expect(lastSocket().closedByPage).toBe(true);
    expect(conn.state.value).toBe("offline");
    jest.advanceTimersByTime(FIRST_RETRY_MAX_MS);
    expect(FakeWebSocket.all).toHaveLength(2);
  });

  test("after the first five attempts it keeps trying every 10 s", () => {
    conn = connect(TOKEN, CODE, fakeWindow(false));
    for (let attempt = 1; attempt <= 5; attempt++) {
      lastSource().fail();
      jest.advanceTimersByTime(FIRST_RETRY_MAX_MS);
      expect(FakeEventSource.all).toHaveLength(attempt + 1);
    }
    for (let later = 0; later < 3; later++) {
      lastSource().fail();
      jest.advanceTimersByTime(LATER_DELAY_MS - 1);
      const before = FakeEventSource.all.length;
      jest.advanceTimersByTime(1);
      expect(FakeEventSource.all).toHaveLength(before + 1);
    }
    expect(conn.state.value).toBe("connecting");
  });

  test("session-replaced stops it until the page takes the seat back", () => {
    conn = connect(TOKEN, CODE, fakeWindow());
    lastSocket().open();
    lastSocket().hear("session-replaced", { lobbyCode: "ABCD" });
    lastSocket().lose(4000);
    expect(conn.state.value).toBe("replaced");
    jest.advanceTimersByTime(60_000);
    expect(FakeWebSocket.all).toHaveLength(1);
    conn.takeOver();
    expect(FakeWebSocket.all).toHaveLength(2);
    lastSocket().open();
    expect(conn.state.value).toBe("online");
  });

  test("pagehide says leave-lobby and pauses; pageshow comes back", () => {
    const win = fakeWindow();
    conn = connect(TOKEN, CODE, win);
    lastSocket().open();
    win.dispatchEvent(new Event("pagehide"));
    expect(frames(lastSocket().sent)).toEqual(["join-lobby", "leave-lobby"]);
    expect(lastSocket().closedByPage).toBe(true);
    jest.advanceTimersByTime(60_000);
    expect(FakeWebSocket.all).toHaveLength(1);
    win.dispatchEvent(new Event("pageshow"));
    expect(FakeWebSocket.all).toHaveLength(2);
  });

  test("the device going offline shows at once; close() stops for good", () => {
    const win = fakeWindow();
    conn = connect(TOKEN, CODE, win);
    lastSocket().open();
    win.dispatchEvent(new Event("offline"));
    expect(conn.state.value).toBe("offline");
    expect(lastSocket().closedByPage).toBe(true);
    conn.close();
    expect(conn.state.value).toBe("closed");
    jest.advanceTimersByTime(60_000);
    win.dispatchEvent(new Event("online"));
    expect(FakeWebSocket.all).toHaveLength(1);
  });
});
