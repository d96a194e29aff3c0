// The fallback link for networks that block WebSockets: server-sent events (the browser's own
// EventSource) bring the server's frames, one POST per frame takes the page's, in order
// (src/realtime/event-stream.ts is the other end). EventSource's own reconnection is never used:
// the first error ends the link, and connection.ts decides when to try again.
import { decodeFrame, encodeFrame, STREAM_PATH } from "../../src/shared/wire";
import type { Link, LinkEvents } from "./link";

/** `base` is the server's http(s) origin; frames go to STREAM_PATH/<session>; `query` ("" or ?lobby=CODE) goes on both. */
export function streamLink(base: string, on: LinkEvents, headers: Record<string, string> | undefined, query: string): Link {
  const url = base + STREAM_PATH;
  // `headers` is no EventSource option: browsers ignore it, the tests' EventSource for Bun sends it.
  const source = new EventSource(url + query, { headers } as EventSourceInit);
  const outbox: string[] = [];
  let session = "";
  let posting = false;
  let done = false;

  const end = (code?: number) => {
    if (done) return;
    done = true;
    source.close();
    on.closed(code);
  };
  // One POST at a time, so frames arrive in the order they were sent. keepalive lets the last frame
  // of a closing page (leave-lobby on pagehide) still go out.
  const flush = () => {
    if (posting || done || !session || !outbox.length) return;
    posting = true;
    fetch(`${url}/${session}${query}`, { method: "POST", body: outbox.shift(), headers, keepalive: true }).then(
      (res) => {
        posting = false;
        if (res.status === 404) end();
        else flush();
      },
      () => end(),
    );
  };

  source.addEventListener("session", (e) => {
    session = (e as MessageEvent<string>).data;
    on.open();
  });
  source.addEventListener("close", (e) => end((JSON.parse((e as MessageEvent<string>).data) as { code: number }).code));
  source.onmessage = (e: MessageEvent<string>) => {
    const frame = decodeFrame(e.data);
    if (done || !frame.ok) return;
    // The fallback has no pings: answering the heartbeat shows the server the page is still there.
    if (frame.event === "heartbeat") send(encodeFrame("heartbeat"));
    on.frame(frame.event, frame.payload);
  };
  source.onerror = () => end();

  function send(frame: string): void {
    if (done || !session) return;
    outbox.push(frame);
    flush();
  }

  return {
    send,
    close() {
      done = true;
      source.close();
    },
  };
}
