// What an open connection keeps alive on the server. @socket.io/bun-engine is patched
// (patches/, package.json "patchedDependencies") so a session no longer pins the Request, URL and
// Headers of the request that opened it; this fails if the patch stops being applied.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { heapStats } from "bun:jsc";
import { startTestApp, type TestApp } from "../support/app";
import { Clients } from "../support/sockets";

const CONNECTIONS = 40;
let app: TestApp;
let clients: Clients;

beforeAll(async () => {
  app = await startTestApp();
  clients = new Clients(app.url, "websocket");
});
afterAll(async () => {
  clients.closeAll();
  await app.dispose();
});

const live = (type: string): number => {
  Bun.gc(true);
  return (heapStats().objectTypeCounts as Record<string, number>)[type] ?? 0;
};

test("open websocket sessions do not keep the requests that opened them", async () => {
  const before = live("Request");
  const open = [];
  for (let i = 0; i < CONNECTIONS; i++) open.push(await clients.connect(`c${i}`));
  expect(open.filter((c) => c.connected)).toHaveLength(CONNECTIONS);
  // Unpatched, every one of the 40 sessions holds its upgrade Request; a few may be in flight elsewhere.
  expect(live("Request") - before).toBeLessThan(CONNECTIONS / 4);
});
