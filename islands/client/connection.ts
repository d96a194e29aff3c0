// The page's one realtime connection, as the islands see it: events in, events out, and a state
// the page shows. It never gives up while the page is open (retry.ts), sends join-lobby on every
// connect so the server answers with a fresh snapshot, and stops only when told to: another tab
// took the seat ("replaced"), or the session ended ("closed").
import { signal, type ReadonlySignal } from "@preact/signals-react";
import { io } from "socket.io-client";
import { CONNECT_TIMEOUT_MS, onWakeUp, retryDelay } from "./retry";

/** connecting: never connected yet; online: joined; offline: lost, retrying; replaced: another tab has the seat; closed: done. */
export type LinkState = "connecting" | "online" | "offline" | "replaced" | "closed";

export interface Connection {
  on(event: string, handler: (payload: any) => void): void;
  emit(event: string, payload?: unknown): void;
  readonly state: ReadonlySignal<LinkState>;
  /** Try now instead of waiting for the next scheduled attempt. */
  retryNow(): void;
  /** Take the seat back after another tab took it. */
  takeOver(): void;
  /** Stop for good (the session is over). */
  close(): void;
}

export function connect(token: string, win: Window = window): Connection {
  const state = signal<LinkState>("connecting");
  // socket.io's own reconnection stops after its attempts; this schedule replaces it.
  const socket = io({ path: "/socket.io/", transports: ["websocket", "polling"], timeout: CONNECT_TIMEOUT_MS, reconnection: false });
  let attempt = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  /** set while the page is hidden in the back/forward cache, or for good once replaced or closed */
  let paused = false;

  const stopped = () => paused || state.value === "replaced" || state.value === "closed";
  const schedule = () => {
    clearTimeout(timer);
    if (stopped()) return;
    timer = setTimeout(open, retryDelay(++attempt));
  };
  function open() {
    clearTimeout(timer);
    if (stopped() || socket.connected) return;
    socket.connect();
  }
  const lost = () => {
    if (stopped()) return;
    if (state.value === "online") state.value = "offline";
    schedule();
  };

  socket.on("connect", () => {
    attempt = 0;
    state.value = "online";
    socket.emit("join-lobby", { token });
  });
  socket.on("connect_error", () => {
    if (state.value !== "connecting") state.value = "offline";
    schedule();
  });
  socket.on("disconnect", lost);
  socket.on("session-replaced", () => {
    state.value = "replaced";
    clearTimeout(timer);
  });

  const retryNow = () => {
    if (stopped() || socket.connected) return;
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
    if (socket.connected) socket.disconnect();
    schedule();
  });
  // Closing the page leaves the lobby's rooms; the seat stays for a refresh or a return.
  win.addEventListener("pagehide", () => {
    paused = true;
    clearTimeout(timer);
    if (!socket.connected) return;
    socket.emit("leave-lobby", { token });
    socket.disconnect();
  });

  return {
    on: (event, handler) => void socket.on(event, handler),
    emit: (event, payload) => void socket.emit(event, payload),
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
      socket.disconnect();
    },
  };
}
