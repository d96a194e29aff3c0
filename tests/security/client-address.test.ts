// Whose request it is behind a proxy (src/access/client-address.ts, docs/decisions.md "Behind a
// proxy"): the peer, unless the peer is a trusted proxy; then the rightmost X-Forwarded-For address
// that is not itself one. A header no trusted proxy wrote well counts against the peer.
import { describe, expect, test } from "bun:test";
import { canonicalAddress, clientAddress } from "../../src/access/client-address";

const peer = (address: string | null) => ({ requestIP: () => (address === null ? null : { address, family: address.includes(":") ? ("IPv6" as const) : ("IPv4" as const), port: 40000 }) });
const request = (forwardedFor?: string | string[]) => {
  const headers = new Headers();
  for (const value of [forwardedFor ?? []].flat()) headers.append("x-forwarded-for", value);
  return new Request("http://stealmate.test/api/lobby/join", { headers });
};

describe("the client's address", () => {
  test("without trusted proxies it is the peer's, as reported, whatever the header says", () => {
    const address = clientAddress([]);
    expect(address(request("203.0.113.7"), peer("127.0.0.1"))).toBe("127.0.0.1");
    expect(address(request(), peer("::ffff:192.0.2.1"))).toBe("::ffff:192.0.2.1");
    expect(address(request(), peer(null))).toBe("unknown");
  });

  test("a peer that is not a trusted proxy is counted itself: its header is a spoof", () => {
    const address = clientAddress(["10.0.0.1"]);
    expect(address(request("203.0.113.7"), peer("198.51.100.9"))).toBe("198.51.100.9");
  });

  test("from a trusted proxy, the rightmost address that is not a trusted proxy", () => {
    const address = clientAddress(["10.0.0.1", "10.0.0.2"]);
    expect(address(request("203.0.113.7"), peer("10.0.0.1"))).toBe("203.0.113.7");
    // what the client wrote itself, on the left, is passed over
    expect(address(request("1.1.1.1, 203.0.113.7"), peer("10.0.0.1"))).toBe("203.0.113.7");
    // a chain of trusted proxies is walked through
    expect(address(request("1.1.1.1, 203.0.113.7, 10.0.0.2"), peer("10.0.0.1"))).toBe("203.0.113.7");
    // several headers count as one list, in order
    expect(address(request(["1.1.1.1", "203.0.113.8"]), peer("10.0.0.1"))).toBe("203.0.113.8");
    // only trusted proxies in it: the peer
    expect(address(request("10.0.0.2"), peer("10.0.0.1"))).toBe("10.0.0.1");
  });

  test("a missing or malformed header from a trusted proxy counts against the proxy", () => {
    const address = clientAddress(["10.0.0.1"]);
    for (const header of [undefined, "", "203.0.113.7, ", "203.0.113.7:5000", "[2001:db8::1]", "unknown", "203.0.113.7, not-an-address"]) {
      expect(address(request(header), peer("10.0.0.1"))).toBe("10.0.0.1");
    }
    // garbage to the left of the client's address is the client's own and changes nothing
    expect(address(request("garbage, 203.0.113.7"), peer("10.0.0.1"))).toBe("203.0.113.7");
  });

  test("IPv4-mapped and differently written IPv6 addresses match the trusted list", () => {
    expect(clientAddress(["10.0.0.1"])(request("203.0.113.7"), peer("::ffff:10.0.0.1"))).toBe("203.0.113.7");
    expect(clientAddress(["::ffff:10.0.0.1"])(request("203.0.113.7"), peer("10.0.0.1"))).toBe("203.0.113.7");
    expect(clientAddress(["2001:DB8::1"])(request("::ffff:203.0.113.7"), peer("2001:db8:0:0:0:0:0:1"))).toBe("203.0.113.7");
    expect(clientAddress(["10.0.0.1"])(request("2001:DB8:0::5"), peer("10.0.0.1"))).toBe("2001:db8::5");
  });

  test("addresses are written one way; anything else is none", () => {
    expect(canonicalAddress("::FFFF:7f00:1")).toBe("127.0.0.1");
    expect(canonicalAddress("::1")).toBe("::1");
    for (const text of ["fe80::1%eth0", "localhost", "10.0.0.0/8", "01.2.3.4", ""]) expect(canonicalAddress(text)).toBeNull();
  });

  test("a trusted proxy that is no address stops the server at start", () => {
    expect(() => clientAddress(["haproxy.internal"])).toThrow('TRUSTED_PROXIES: "haproxy.internal" is not an IP address');
  });
});
