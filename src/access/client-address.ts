// Whose request this is, for the budgets, connection caps and flood guards that count per address
// (docs/decisions.md "Behind a proxy"). Without TRUSTED_PROXIES it is the peer's address, as on one
// machine. Behind HAProxy every peer is the proxy, so a request from a trusted proxy is counted
// against the client its X-Forwarded-For names: the rightmost address there that is not itself a
// trusted proxy. Everything to its left was written by the client and is not believed.
import { isIP } from "node:net";
import type { SocketAddress } from "bun";

/** What of Bun's server this needs: the peer's address of a request. */
export interface PeerLookup {
  requestIP(request: Request): SocketAddress | null;
}

export type ClientAddress = (request: Request, server: PeerLookup) => string;

/**
 * An address as the trusted list compares it: IPv4 dotted, IPv6 canonical (lower case, zeros
 * compressed), an IPv4-mapped IPv6 address (`::ffff:1.2.3.4`, as a dual-stack socket reports IPv4
 * peers) as its IPv4. null for anything else: a name, a port, brackets, a zone.
 */
export function canonicalAddress(text: string): string | null {
  const kind = isIP(text);
  if (kind === 4) return text;
  if (kind !== 6) return null;
  let v6: string;
  try {
    // The URL parser writes IPv6 canonically; it refuses a zone (%eth0), which names no client here.
    v6 = new URL(`http://[${text}]`).hostname.slice(1, -1);
  } catch {
    return null;
  }
  const mapped = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(v6);
  if (!mapped) return v6;
  const [high, low] = [Number.parseInt(mapped[1]!, 16), Number.parseInt(mapped[2]!, 16)];
  return `${high >> 8}.${high & 255}.${low >> 8}.${low & 255}`;
}

/** The client's address of a request, trusting the X-Forwarded-For of `trustedProxies` (exact addresses) only. */
export function clientAddress(trustedProxies: readonly string[]): ClientAddress {
  const trusted = new Set(
    trustedProxies.map((entry) => {
      const address = canonicalAddress(entry);
      // A name or a range would silently trust nothing: the server stops at start instead.
      if (address === null) throw new Error(`TRUSTED_PROXIES: "${entry}" is not an IP address (names and ranges are not taken)`);
      return address;
    }),
  );
  return (request, server) => {
    const peer = server.requestIP(request)?.address ?? "unknown";
    if (trusted.size === 0 || !trusted.has(canonicalAddress(peer) ?? "")) return peer;
    const hops = request.headers.get("x-forwarded-for")?.split(",") ?? [];
    for (let i = hops.length - 1; i >= 0; i--) {
      const hop = canonicalAddress(hops[i]!.trim());
      // A header the proxies did not write well says nothing reliable: the proxy is counted itself.
      if (hop === null) return peer;
      if (!trusted.has(hop)) return hop;
    }
    return peer;
  };
}
