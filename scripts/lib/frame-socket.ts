// A player's raw WebSocket for scripts and tests that speak the wire themselves (the ARM64 check, the
// TLS test): joins with its token once open, keeps every frame, and waits for one by event.
import { decodeFrame, encodeFrame } from "../../src/shared/wire";
import { Waiters, within } from "./waiting";

export interface FrameSocket {
  ws: WebSocket;
  /** resolves once open and join-lobby is sent; rejects if it closes first */
  opened: Promise<void>;
  /** the first frame of `event` (matching `match`) received so far or later, its payload */
  next(event: string, match?: (payload: any) => boolean): Promise<any>;
}

/** `init`: Bun's WebSocket options (headers, tls); `label` names the connection in timeouts. */
export function frameSocket(url: string, token: string, init: object, label: string, ms: number): FrameSocket {
  const frames: { event: string; payload: any }[] = [];
  const waiters = new Waiters();
  const ws = new WebSocket(url, init as never);
  ws.onmessage = (e) => {
    const frame = decodeFrame(String(e.data));
    if (frame.ok) frames.push({ event: frame.event, payload: frame.payload });
    waiters.wake();
  };
  const opened = within(
    new Promise<void>((resolve, reject) => {
      ws.onopen = () => (ws.send(encodeFrame("join-lobby", { token })), resolve());
      ws.onclose = (e) => reject(new Error(`${label} closed with ${e.code}`));
    }),
    `${label} to open`,
    ms,
  );
  const next = (event: string, match: (payload: any) => boolean = () => true) =>
    waiters.until(() => frames.find((f) => f.event === event && match(f.payload)), `${event} over ${label}`, ms).then((f) => f.payload);
  return { ws, opened, next };
}
