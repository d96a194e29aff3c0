// The page's one realtime connection, as the islands see it: events in, events out, and a state
// the page shows. It runs over a WebSocket, or over the fallback (server-sent events and POSTs) when
// a WebSocket cannot open (link.ts). It never gives up while the page is open (retry.ts), sends
// join-lobby on every connect so the server answers with a fresh snapshot, takes a connection that
// has heard nothing (not even the server's heartbeat) for the silence limit as lost, and stops only
// when told to: another tab took the seat ("replaced"), or the session ended ("closed").
import { signal, type ReadonlySignal } from "@preact/signals-react";
import type { ClientEvent, ClientPayload, ServerEvent, ServerEvents } from "../../src/shared/events";
import { encodeFrame, HEARTBEAT_MS, silenceLimit } from "../../src/shared/wire";
import { lobbyQuery } from "../../src/shared/lobby-query";
import { openLink, type Link, type LinkKind } from "./link";
import { CONNECT_TIMEOUT_MS, onWakeUp, retryDelay } from "./retry";

/** connecting: never connected yet; online: connected, its join-lobby or watch-lobby sent (the server answers with a snapshot); offline: lost, retrying; replaced: another tab has the seat; closed: done. */
export type LinkState = "connecting" | "online" | "offline" | "replaced" | "closed";

export interface Connection {
  on<E extends ServerEvent>(event: E, handler: (payload: ServerEvents[E]) => void): void;
  /** Sent at once when connected; otherwise sent right after the next join-lobby. */
  emit<E extends ClientEvent>(event: E, payload?: ClientPayload<E>): void;
  readonly state: ReadonlySignal<LinkState>;
  /** Try now instead of waiting for the next scheduled attempt. */
  retryNow(): void;
  /** Take the seat back after another tab took it. */
  takeOver(): void;
  /** Stop for good (the session is over). */
  close(): void;
}

/** Frames kept while offline, at most: a burst well inside the server's flood guard. */
const OUTBOX_MAX = 20;
const SILENCE_MS = silenceLimit(HEARTBEAT_MS);

/** A player's connection: join-lobby with the session token (a seat in lobby `code`) on every connect. */
export const connect = (token: string, code: string, win: Window = window): Connection => openConnection(["join-lobby", { token }], code, win);

/** The shared screen's: watch-lobby, with no seat and no token, on every connect. */
export const watchLobby = (code: string, win: Window = window): Connection => openConnection(["watch-lobby", { code }], code, win);

type Hello = ["join-lobby", ClientPayload<"join-lobby">] | ["watch-lobby", ClientPayload<"watch-lobby">];

/** `code` goes on every request of the link, for a proxy's routing (link.ts). */
function openConnection(hello: Hello, code: string, win: Window): Connection {
  const state = signal<LinkState>("connecting");
  const handlers = new Map<string, ((payload: never) => void)[]>();
  const outbox: string[] = [];
  const hasWebSocket = "WebSocket" in win;
  /** what the next attempt opens: the fallback right after a WebSocket could not open, and for as long as it works */
  let kind: LinkKind = hasWebSocket ? "websocket" : "stream";
  let link: Link | null = null;
  let live = false;
  let attempt = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let opening: ReturnType<typeof setTimeout> | undefined;
  /** fires when the link has heard nothing, not even the server's heartbeat, for the silence limit */
  let silence: ReturnType<typeof setTimeout> | undefined;
  /** set while the page is hidden in the back/forward cache, or for good once replaced or closed */
  let paused = false;

  const stopped = () => paused || state.value === "replaced" || state.value === "closed";
  const schedule = () => {
    clearTimeout(timer);
    if (stopped()) return;
    timer = setTimeout(open, retryDelay(++attempt));
  };
  /** Ends the current link from this side. */
  const drop = () => {
    clearTimeout(opening);
    clearTimeout(silence);
    link?.close();
    link = null;
    live = false;
  };
  const lost = () => {
    if (stopped()) return;
    if (state.value === "online") state.value = "offline";
    schedule();
  };
  /** A connection that has heard nothing for the silence limit is dead, whatever the socket says. */
  const heard = () => {
    clearTimeout(silence);
    silence = setTimeout(() => (drop(), lost()), SILENCE_MS);
  };

  function open() {
    clearTimeout(timer);
    if (stopped() || link) return;
    const current: Link = openLink(kind, win.location.origin, {
      open() {
        clearTimeout(opening);
        live = true;
        attempt = 0;
        heard();
        state.value = "online";
        current.send(encodeFrame(hello[0], hello[1]));
        for (const frame of outbox.splice(0)) current.send(frame);
      },
      frame(event, payload) {
        heard();
        if (event === "session-replaced") {
          state.value = "replaced";
          clearTimeout(timer);
        }
        for (const handler of handlers.get(event) ?? []) handler(payload as never);
      },
      closed: () => ended(current),
    }, undefined, lobbyQuery(code));
    link = current;
    opening = setTimeout(() => ended(current), CONNECT_TIMEOUT_MS);
  }

  function ended(which: Link) {
    if (link !== which) return;
    const wasLive = live;
    drop();
    if (wasLive) return lost();
    // Could not open: a WebSocket is followed by the fallback at once; a fallback that fails too
    // gives the WebSocket its chance again at the next attempt.
    const fallback = kind === "websocket";
    kind = fallback || !hasWebSocket ? "stream" : "websocket";
    if (fallback && !stopped()) return open();
    if (state.value !== "connecting") state.value = "offline";
    schedule();
  }

  const retryNow = () => {
    if (stopped() || link) return;
    attempt = 0;
    open();
  };
  onWakeUp((why) => {
    // Back from the back/forward cache: the page left the lobby's rooms on pagehide, so it rejoins.
    if (why === "pageshow") paused = false;
    retryNow();
  }, win);
  // The device knows before any timeout that the network is gone: say so at once.
  win.addEventListener("offline", () => {
    if (state.value === "online") state.value = "offline";
    drop();
    schedule();
  });
  // Closing the page leaves the lobby's rooms; the seat stays for a refresh or a return.
  win.addEventListener("pagehide", () => {
    paused = true;
    clearTimeout(timer);
    if (live) link?.send(encodeFrame("leave-lobby", hello[0] === "join-lobby" ? hello[1] : {}));
    drop();
  });

  open();
  return {
    on(event, handler) {
      handlers.set(event, [...(handlers.get(event) ?? []), handler as (payload: never) => void]);
    },
    emit(event, payload) {
      const frame = encodeFrame(event, payload);
      if (live) link?.send(frame);
      else if (!stopped() && outbox.length < OUTBOX_MAX) outbox.push(frame);
    },
    state,
    retryNow,
    takeOver() {
      if (state.value !== "replaced") return;
      state.value = "offline";
      retryNow();
    },
    close() {
      state.value = "closed";
      clearTimeout(timer);
      drop();
    },
  };
}
