// The addresses a phone on the party's wifi can open (docs/decisions.md "A party on a home network").
// A TV's browser on the server's own machine asks for `localhost`, which on a phone names the phone:
// the join address it shows must be the machine's network address instead, or PUBLIC_URL when set.
import { networkInterfaces as osInterfaces, type NetworkInterfaceInfo } from "node:os";

/** os.networkInterfaces's shape; tests give fake interfaces. */
export type InterfaceLookup = () => NodeJS.Dict<NetworkInterfaceInfo[]>;

/** Home routers hand out 192.168/16 most, then 10/8; 172.16/12 is also where container bridges live. */
const PRIVATE_RANKS = [/^192\.168\./, /^10\./, /^172\.(1[6-9]|2\d|3[01])\./];
const LINK_LOCAL = /^169\.254\./;

function rank(address: string): number {
  const i = PRIVATE_RANKS.findIndex((range) => range.test(address));
  if (i >= 0) return i;
  // A self-assigned address means no router answered: the last choice.
  return LINK_LOCAL.test(address) ? PRIVATE_RANKS.length + 1 : PRIVATE_RANKS.length;
}

/** IPv4 addresses of the machine's non-internal interfaces, private ranges first (stable otherwise). */
export function networkAddresses(lookup: InterfaceLookup = osInterfaces): string[] {
  const found = Object.values(lookup())
    .flatMap((list) => list ?? [])
    .filter((info) => info.family === "IPv4" && !info.internal)
    .map((info) => info.address);
  return [...new Set(found)].map((address, i) => ({ address, i })).sort((a, b) => rank(a.address) - rank(b.address) || a.i - b.i).map((a) => a.address);
}

/** How long the machine's addresses are taken as known: a laptop may change networks, a page render should not ask each time. */
export const ADDRESSES_FRESH_MS = 5000;

/**
 * The lookup, asked at most once per ADDRESSES_FRESH_MS: the operating system's answer costs about
 * 40 µs, which every page asked through a loopback name (the TV's) would otherwise pay.
 */
export function cachedLookup(lookup: InterfaceLookup, now: () => number = Date.now): InterfaceLookup {
  let known: { at: number; value: ReturnType<InterfaceLookup> } | null = null;
  return () => {
    const at = now();
    if (!known || at - known.at >= ADDRESSES_FRESH_MS) known = { at, value: lookup() };
    return known.value;
  };
}

/** `localhost` (and its subdomains), 127.0.0.0/8 and ::1: names that on a phone would mean the phone. */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, "").toLowerCase();
  return host === "localhost" || host.endsWith(".localhost") || /^127\.\d+\.\d+\.\d+$/.test(host) || host === "::1";
}

/** Where `0.0.0.0`/`::` listens on every interface: the start-up lines list the network addresses then. */
export const isWildcardHost = (hostname: string) => ["0.0.0.0", "::", "[::]"].includes(hostname);

/**
 * The origin to show players for a page asked as `requested`: PUBLIC_URL when set; the first network
 * address with the port asked when the page was asked through a loopback name (kept as asked when the
 * machine has none); otherwise the origin as asked.
 */
export function shownOrigin(requested: URL, publicUrl: URL | undefined, lookup: InterfaceLookup = osInterfaces): string {
  if (publicUrl) return publicUrl.origin;
  if (!isLoopbackHost(requested.hostname)) return requested.origin;
  const lan = networkAddresses(lookup)[0];
  if (!lan) return requested.origin;
  return `${requested.protocol}//${lan}${requested.port ? `:${requested.port}` : ""}`;
}
