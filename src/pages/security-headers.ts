// What every answer tells the browser (docs/decisions.md "Keeping strangers out"): scripts only from
// this server (the page's data is a JSON block, which is not script), the one inlined stylesheet by its
// hash, no framing by another site, no MIME sniffing, no referrer leaving with a lobby's address
// ("same-origin", not "no-referrer": under no-referrer a browser posts the invite page's own form
// with "Origin: null", which the cross-site check must refuse; docs/decisions.md "Keeping strangers out").
import { pageCss } from "./page-css";

let policy: string | undefined;

/** The Content-Security-Policy, built once: the stylesheet it names by hash is the build's. */
export function contentSecurityPolicy(): string {
  policy ??= [
    "default-src 'self'",
    "script-src 'self'",
    `style-src 'sha256-${new Bun.CryptoHasher("sha256").update(pageCss()).digest("base64")}'`,
    "img-src 'self'",
    "media-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
  return policy;
}

/** What every answer carries, the event stream's included (it sets them itself, realtime/event-stream.ts). */
export const BASIC_SECURITY_HEADERS = { "x-content-type-options": "nosniff", "referrer-policy": "same-origin" } as const;

/** Sets the headers on an answer: every answer, pages and API alike; the policy on pages. */
export function withSecurityHeaders(response: Response): Response {
  for (const [name, value] of Object.entries(BASIC_SECURITY_HEADERS)) response.headers.set(name, value);
  if (response.headers.get("content-type")?.startsWith("text/html")) response.headers.set("content-security-policy", contentSecurityPolicy());
  return response;
}
