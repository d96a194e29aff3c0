// Which address a page shows phones (src/addresses.ts): PUBLIC_URL; else, for a page asked through a
// loopback name, the machine's network address with the port asked; else the Host as asked.
import { describe, expect, test } from "bun:test";
import type { NetworkInterfaceInfo } from "node:os";
import { ADDRESSES_FRESH_MS, cachedLookup, isLoopbackHost, networkAddresses, shownOrigin } from "../../src/addresses";
import { fakeLan, LAN_IP } from "../support/lan";

const info = (address: string, family: "IPv4" | "IPv6" = "IPv4", internal = false) => ({ address, family, internal, netmask: "", mac: "", cidr: null }) as NetworkInterfaceInfo;
const none = () => ({ lo: [info("127.0.0.1", "IPv4", true), info("::1", "IPv6", true)] });

describe("networkAddresses", () => {
  test("IPv4 of non-internal interfaces only, home ranges first, a container bridge after the wifi", () => {
    const lookup = () => ({
      lo: [info("127.0.0.1", "IPv4", true)],
      tun0: [info("100.64.3.4")],
      docker0: [info("172.17.0.1")],
      eth0: [info("169.254.7.7"), info("fe80::1", "IPv6")],
      wlan0: [info("192.168.1.23"), info("fd00::23", "IPv6")],
      eth1: [info("10.0.0.5")],
    });
    expect(networkAddresses(lookup)).toEqual(["192.168.1.23", "10.0.0.5", "172.17.0.1", "100.64.3.4", "169.254.7.7"]);
  });

  test("none on a machine with only loopback", () => {
    expect(networkAddresses(none)).toEqual([]);
  });
});

describe("shownOrigin", () => {
  const url = (s: string) => new URL(s);

  test("a loopback name becomes the network address, with the port asked", () => {
    for (const asked of ["http://localhost:3000/tv/ABCD", "http://127.0.0.1:3000/lobby/ABCD", "http://[::1]:3000/", "http://LOCALHOST:3000/"]) {
      expect(shownOrigin(url(asked), undefined, fakeLan)).toBe(`http://${LAN_IP}:3000`);
    }
    expect(shownOrigin(url("http://localhost/tv/ABCD"), undefined, fakeLan)).toBe(`http://${LAN_IP}`);
    expect(shownOrigin(url("https://localhost:8443/"), undefined, fakeLan)).toBe(`https://${LAN_IP}:8443`);
  });

  test("any other Host is kept as asked", () => {
    for (const asked of ["http://party.lan:3000", "http://192.168.1.40:3000", "http://stealmate.local", "https://quiz.example.org"]) {
      expect(shownOrigin(url(`${asked}/tv/ABCD`), undefined, fakeLan)).toBe(asked);
    }
  });

  test("PUBLIC_URL wins over every Host", () => {
    const pub = url("http://stealmate.local:3000");
    for (const asked of ["http://localhost:3000/", "http://party.lan:3000/"]) expect(shownOrigin(url(asked), pub, fakeLan)).toBe("http://stealmate.local:3000");
  });

  test("a machine with no network keeps the loopback address rather than invent one", () => {
    expect(shownOrigin(url("http://localhost:3000/"), undefined, none)).toBe("http://localhost:3000");
  });

  test("loopback names", () => {
    for (const host of ["localhost", "tv.localhost", "127.0.0.1", "127.1.2.3", "::1", "[::1]"]) expect(isLoopbackHost(host)).toBe(true);
    for (const host of ["party.lan", "192.168.1.2", "localhost.example.com", "0.0.0.0", "::"]) expect(isLoopbackHost(host)).toBe(false);
  });
});

describe("the machine's addresses, asked for every page", () => {
  test("are looked up once per few seconds, not per page", () => {
    let asked = 0;
    let now = 0;
    const lookup = cachedLookup(() => {
      asked++;
      return fakeLan();
    }, () => now);
    for (let i = 0; i < 100; i++) expect(networkAddresses(lookup)[0]).toBe(networkAddresses(fakeLan)[0]!);
    expect(asked).toBe(1);
    now += ADDRESSES_FRESH_MS - 1;
    lookup();
    expect(asked).toBe(1);
    now += 1;
    lookup();
    expect(asked).toBe(2);
  });
});
