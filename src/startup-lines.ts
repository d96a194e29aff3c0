// What start-up prints, as dev servers do: where the server listens, then the addresses to open, one
// plain line each (a systemd journal reads them as they are), and in a terminal a QR code that a
// phone can scan (docs/decisions.md "A party on a home network").
import { isLoopbackHost, isWildcardHost, networkAddresses, type InterfaceLookup } from "./addresses";

export interface Listening {
  host: string;
  port: number;
  tls: boolean;
  publicUrl: URL | undefined;
  interfaces?: InterfaceLookup;
}

const hostPart = (host: string) => (host.includes(":") && !host.startsWith("[") ? `[${host}]` : host);

/** The start-up lines, and the address phones should open (none when only this machine can reach the server). */
export function startupLines({ host, port, tls, publicUrl, interfaces }: Listening): { lines: string[]; phoneUrl: string | undefined } {
  const scheme = tls ? "https" : "http";
  const at = (h: string) => `${scheme}://${hostPart(h)}:${port}`;
  const lines = [`listening on ${at(host)}`];
  const wildcard = isWildcardHost(host);
  const loopback = isLoopbackHost(host);
  if (wildcard || loopback) lines.push(`  Local:   ${at(wildcard ? "localhost" : host)}`);
  if (publicUrl) {
    lines.push(`  Public:  ${publicUrl.origin} (PUBLIC_URL)`);
    return { lines, phoneUrl: publicUrl.origin };
  }
  const network = wildcard ? networkAddresses(interfaces).map(at) : loopback ? [] : [at(host)];
  for (const url of network) lines.push(`  Network: ${url}`);
  if (wildcard && network.length === 0) lines.push("  Network: none found (is this machine on a network?)");
  return { lines, phoneUrl: network[0] };
}

/** The phones' address as a QR code drawn with text blocks, for a terminal; never in a log. */
export async function terminalQr(url: string): Promise<string> {
  // Loaded only for a terminal that shows it: a server started by a service manager never needs it.
  const { default: QRCode } = await import("qrcode");
  return `  Scan to open ${url}\n${await QRCode.toString(url, { type: "terminal", small: true })}`;
}
