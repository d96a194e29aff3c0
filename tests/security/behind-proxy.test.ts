// The per-address limits behind a proxy (docs/decisions.md "Behind a proxy"): with the proxy in
// TRUSTED_PROXIES, the create/join budget and the realtime connection cap count each forwarded client
// on its own; from a peer that is not trusted, X-Forwarded-For is a spoof and changes nothing. Every
// client here is 127.0.0.1, the proxy's part played by the header.
import { afterEach, describe, expect, test } from "bun:test";
import { call, startTestApp, type TestApp } from "../support/app";
import { useRealtime } from "../support/party";
import { TRANSPORTS } from "../support/sockets";
import { REAL_LIMITS } from "./real-limits";

const forwarded = (address: string) => ({ "x-forwarded-for": `198.51.100.77, ${address}` });

describe("the create/join budget", () => {
  let app: TestApp | undefined;
  afterEach(async () => {
    await app?.dispose();
    app = undefined;
  });

  /** Joins `code` from the client the header names; the status. */
  const join = async (code: string, name: string, headers: Record<string, string>) => (await call(app!, "POST", "/api/lobby/join", { body: { playerName: name, code }, headers })).status;

  test("from a trusted proxy, counts each forwarded client on its own", async () => {
    app = await startTestApp({ ...REAL_LIMITS, JOIN_RATE_PER_MIN: "3", TRUSTED_PROXIES: "192.0.2.1, 127.0.0.1" });
    const code = (await call(app, "POST", "/api/lobby/create", { body: { playerName: "Hana" }, headers: forwarded("203.0.113.9") })).body.lobby.code;
    for (let i = 0; i < 3; i++) expect(await join(code, `First ${i}`, forwarded("203.0.113.1"))).toBe(200);
    expect(await join(code, "First 3", forwarded("203.0.113.1"))).toBe(429);
    expect(await join(code, "Second", forwarded("203.0.113.2"))).toBe(200);
  });

  test("from a peer that is not a trusted proxy, a forwarded address is ignored", async () => {
    app = await startTestApp({ ...REAL_LIMITS, JOIN_RATE_PER_MIN: "3", TRUSTED_PROXIES: "192.0.2.1" });
    const code = (await call(app, "POST", "/api/lobby/create", { body: { playerName: "Hana" }, headers: forwarded("203.0.113.9") })).body.lobby.code;
    expect(await join(code, "One", forwarded("203.0.113.1"))).toBe(200);
    expect(await join(code, "Two", forwarded("203.0.113.2"))).toBe(200);
    expect(await join(code, "Three", forwarded("203.0.113.3"))).toBe(429);
  });
});

for (const transport of TRANSPORTS) {
  describe(`the connection cap over ${transport}`, () => {
    const { start } = useRealtime(transport);

    test("from a trusted proxy, is per forwarded client", async () => {
      const { clients } = await start({ ...REAL_LIMITS, MAX_CONNECTIONS_PER_ADDRESS: "2", TRUSTED_PROXIES: "127.0.0.1" });
      const one = { headers: forwarded("203.0.113.1") };
      await clients.connect("one#1", undefined, one);
      await clients.connect("one#2", undefined, one);
      await clients.refused(one);
      await clients.connect("two", undefined, { headers: forwarded("203.0.113.2") });
      // no header: the proxy's own connection, counted against the proxy
      await clients.connect("proxy", undefined, {});
    });

    test("from a peer that is not a trusted proxy, a forwarded address is ignored", async () => {
      const { clients } = await start({ ...REAL_LIMITS, MAX_CONNECTIONS_PER_ADDRESS: "2", TRUSTED_PROXIES: "192.0.2.1" });
      await clients.connect("spoof#1", undefined, { headers: forwarded("203.0.113.1") });
      await clients.connect("spoof#2", undefined, { headers: forwarded("203.0.113.2") });
      await clients.refused({ headers: forwarded("203.0.113.3") });
    });
  });
}
