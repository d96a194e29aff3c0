// Static files: hashed island bundles (cached for a year, served pre-compressed when the browser
// takes it), the logo, and the keep-awake video.
import { existsSync } from "node:fs";
import { join } from "node:path";
import { BUILD_DIR } from "./build";

const PUBLIC_DIR = join(import.meta.dir, "../../public");
const BUNDLE = /^[\w-]+\.js$/;

export function serveBundle(file: string, acceptEncoding: string): Response {
  if (!BUNDLE.test(file)) return new Response("Not found", { status: 404 });
  const path = join(BUILD_DIR, file);
  if (!existsSync(path)) return new Response("Not found", { status: 404 });
  const headers: Record<string, string> = { "content-type": "text/javascript; charset=utf-8", "cache-control": "public, max-age=31536000, immutable", vary: "accept-encoding" };
  for (const [encoding, ext] of [["br", ".br"], ["gzip", ".gz"]] as const) {
    if (acceptEncoding.includes(encoding) && existsSync(path + ext)) {
      return new Response(Bun.file(path + ext), { headers: { ...headers, "content-encoding": encoding } });
    }
  }
  return new Response(Bun.file(path), { headers });
}

export function serveLogo(): Response {
  return new Response(Bun.file(join(PUBLIC_DIR, "logo.svg")), { headers: { "content-type": "image/svg+xml", "cache-control": "public, max-age=86400" } });
}

/**
 * The muted loop that keeps a screen awake without Wake Lock (islands/client/wake-lock.ts): NoSleep.js's
 * own clips (MIT, https://github.com/richtr/NoSleep.js), served from this origin as a strict policy
 * wants, not as data: URIs. Bun answers range requests for a file, which Safari needs for video.
 */
export function serveKeepAwake(ext: "webm" | "mp4"): Response {
  return new Response(Bun.file(join(PUBLIC_DIR, `keep-awake.${ext}`)), { headers: { "content-type": `video/${ext}`, "cache-control": "public, max-age=86400" } });
}

/** A rendered page, compressed at most once however often it is served. */
export class PreparedPage {
  private gzipped: Uint8Array<ArrayBuffer> | null = null;
  constructor(readonly html: string) {}
  get gzip(): Uint8Array<ArrayBuffer> {
    return (this.gzipped ??= Bun.gzipSync(this.html) as Uint8Array<ArrayBuffer>);
  }
}

/** HTML goes out gzipped to browsers that take it: phones on weak links pay for bytes. */
export function htmlResponse(page: string | PreparedPage, acceptEncoding: string, status = 200): Response {
  const prepared = typeof page === "string" ? new PreparedPage(page) : page;
  const headers: Record<string, string> = { "content-type": "text/html; charset=utf-8", "cache-control": "no-store", vary: "accept-encoding" };
  if (!acceptEncoding.includes("gzip")) return new Response(prepared.html, { status, headers });
  return new Response(prepared.gzip, { status, headers: { ...headers, "content-encoding": "gzip" } });
}
