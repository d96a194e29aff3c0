// What an open connection keeps alive on the server. The socket.io engine this replaced had to be
// patched because each session pinned the Request, URL and Headers that opened it (about 1 KB per
// player); this checks that no realtime connection, on either transport, keeps those. The fallback's
// sessions are opened with plain fetch: the eventsource package the tests' links use in Bun keeps
// client-side Requests of its own, which would hide what the server keeps.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { heapStats } from "bun:jsc";
import { startTestApp, type TestApp } from "../support/app";
import { RawStream } from "../support/raw-wire";
import { Clients } from "../support/sockets";

const CONNECTIONS = 40;
let app: TestApp;
const closers: (() => void)[] = [];

beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  for (const close of closers) close();
  await app.dispose();
});

const live = (type: string): number => {
  Bun.gc(true);
  return (heapStats().objectTypeCounts as Record<string, number>)[type] ?? 0;
};

async function expectNothingPinned(open: () => Promise<unknown>): Promise<void> {
  const before = { Request: live("Request"), Headers: live("Headers") };
  for (let i = 0; i < CONNECTIONS; i++) await open();
  // Pinned, each of the 40 would hold its Request and Headers; a few may be in flight elsewhere.
  expect(live("Request") - before.Request).toBeLessThan(CONNECTIONS / 4);
  expect(live("Headers") - before.Headers).toBeLessThan(CONNECTIONS / 4);
}

test("open WebSockets do not keep the requests that opened them", async () => {
  const clients = new Clients(app.url, "websocket");
  closers.push(() => clients.closeAll());
  await expectNothingPinned(async () => expect((await clients.connect("c")).connected).toBe(true));
});

test("open fallback streams do not keep the requests that opened them", async () => {
  await expectNothingPinned(async () => {
    const stream = await RawStream.open(app.url);
    closers.push(() => stream.close());
  });
});
