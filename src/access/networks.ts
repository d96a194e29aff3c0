// The network an address belongs to, for the budgets a party's network would otherwise multiply
// (docs/decisions.md "The holes behind the budgets"): a home or phone on IPv6 gets a whole /64, so
// counting each of its addresses apart made 40 addresses of one subscriber 40 strangers; IPv4 is
// counted by address unless IPV4_NETWORK_PREFIX groups a range (a carrier's NAT pool, say).
import { canonicalAddress } from "./client-address";

/** An IPv6 address's eight groups, "::" filled in. */
function groups(v6: string): string[] {
  const [head = "", tail] = v6.split("::");
  const left = head ? head.split(":") : [];
  const right = tail ? tail.split(":") : [];
  return [...left, ...Array(8 - left.length - right.length).fill("0"), ...right];
}

/** The address's network as the budgets key it: `a.b.c.d/prefix` (the address itself at 32), or its IPv6 /64. Anything else is its own. */
export function networkOf(address: string, v4Prefix: number): string {
  const canonical = canonicalAddress(address);
  if (canonical === null) return address;
  if (!canonical.includes(":")) {
    if (v4Prefix >= 32) return canonical;
    const bits = canonical.split(".").reduce((n, part) => n * 256 + Number(part), 0);
    const masked = v4Prefix === 0 ? 0 : bits - (bits % 2 ** (32 - v4Prefix));
    return `${[24, 16, 8, 0].map((shift) => Math.floor(masked / 2 ** shift) % 256).join(".")}/${v4Prefix}`;
  }
  return `${groups(canonical).slice(0, 4).join(":")}::/64`;
}
