// Only the server's own names are served: a page of another site whose name was pointed
// at this machine (DNS rebinding) would otherwise be same-origin with it. Its own names are any IP
// address, localhost, the machine's host name and <hostname>.local (what a Raspberry Pi answers to),
// PUBLIC_URL's host and ALLOWED_HOSTS, the check dev servers make against DNS rebinding
// (docs/decisions.md "Keeping strangers out").
import { isIP } from "node:net";
import { hostname } from "node:os";

export type HostCheck = (request: Request) => string | null;

/** The Host's name, as the check compares it: lower case, no port, no IPv6 brackets, no final dot. */
const bare = (name: string) => name.toLowerCase().replace(/^\[|\]$/g, "").replace(/\.$/, "");

/** Answers the refused name, or null when the request may go on. */
export function hostCheck(publicUrl: URL | undefined, allowed: readonly string[], machine = hostname()): HostCheck {
  const own = new Set(["localhost", bare(machine), `${bare(machine)}.local`, ...allowed.map((h) => bare(h.replace(/:\d+$/, "")))]);
  if (publicUrl) own.add(bare(publicUrl.hostname));
  return (request) => {
    const name = bare(new URL(request.url).hostname);
    return isIP(name) || own.has(name) ? null : name;
  };
}

/** What a browser shows for a refused name: which setting lets it in. */
export function refusedHost(name: string): Response {
  const safe = name.replace(/[^a-z0-9.:-]/g, "");
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Stealmate: unknown address</title></head><body><h1>This server does not answer to “${safe}”</h1><p>If players reach this server as ${safe}, add it to the <code>ALLOWED_HOSTS</code> setting (comma-separated names), or set <code>PUBLIC_URL</code> to that address, and restart the server. IP addresses, localhost and this machine's own name always work.</p></body></html>`;
  return new Response(html, { status: 403, headers: { "content-type": "text/html; charset=utf-8", "cache-control": "no-store" } });
}
