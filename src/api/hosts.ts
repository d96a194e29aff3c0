// Only the server's own names are served: a page of another site whose name was pointed at this
// machine (DNS rebinding) would otherwise be same-origin with it. Its own names are any IP address,
// localhost, the machine's host name, PUBLIC_URL's host and ALLOWED_HOSTS, and the names a home
// network hands out: single-label names and those under the suffixes below, which no public DNS
// answers, so no other site can be behind them (docs/decisions.md "Keeping strangers out").
import { isIP } from "node:net";
import { hostname } from "node:os";

export type HostCheck = (request: Request) => string | null;

/**
 * What home routers and local name services call a machine: `raspberrypi.local` (mDNS), `pi.lan`
 * (OpenWrt, many routers), `pi.home` and `pi.home.arpa` (RFC 8375), `pi.internal`, `pi.localdomain`
 * (dnsmasq's default), `pi.fritz.box` (AVM's FRITZ!Box). None of them is a public name.
 */
export const HOME_NETWORK_SUFFIXES = [".local", ".lan", ".home", ".home.arpa", ".internal", ".localdomain", ".fritz.box"] as const;

/** The Host's name, as the check compares it: lower case, no port, no IPv6 brackets, no final dot. */
const bare = (name: string) => name.toLowerCase().replace(/^\[|\]$/g, "").replace(/\.$/, "");

/** A name that only a home network can resolve: one label (`raspberrypi`), or under a home suffix. */
export const homeNetworkName = (name: string) => !name.includes(".") || HOME_NETWORK_SUFFIXES.some((suffix) => name.endsWith(suffix));

/** Answers the refused name, or null when the request may go on. */
export function hostCheck(publicUrl: URL | undefined, allowed: readonly string[], machine = hostname()): HostCheck {
  const own = new Set(["localhost", bare(machine), ...allowed.map((h) => bare(h.replace(/:\d+$/, "")))]);
  if (publicUrl) own.add(bare(publicUrl.hostname));
  return (request) => {
    const name = bare(new URL(request.url).hostname);
    return isIP(name) || own.has(name) || homeNetworkName(name) ? null : name;
  };
}
