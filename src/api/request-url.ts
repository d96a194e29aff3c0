// A request's address as the app reads it (docs/decisions.md "The Host header: malformed, or short").
// Two things about the Host header, which the client writes, are settled here before any route:
//   - one that makes no address (`localhost:abc`, a port past 65535, none at all in HTTP/1.0) is a
//     400 with a line of text, never an exception: Bun would answer one with its own error page;
//   - Elysia finds where the path starts by looking for the first "/" from index 11 of the URL
//     (its `standardHostname`: "http://" plus a host of at least four characters), so behind a short
//     Host (`http://vm/api/lobby/ABCD`) it took "/lobby/ABCD" for the path. The request handed to it
//     then names the scheme's default port, which puts the path past index 11 and changes nothing
//     else: the URL parser drops a default port again.

/** The address of a request, or null when its Host makes none. */
export function requestUrl(request: Request): URL | null {
  try {
    return new URL(request.url);
  } catch {
    return null;
  }
}

export function badHost(): Response {
  return new Response("Bad Request: the Host header names no address\n", { status: 400, headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "no-store" } });
}

/** Where Elysia starts looking for the path's first "/" (node_modules/elysia, adapter/bun/compose). */
const ELYSIA_PATH_SEARCH = 11;

/** The request as Elysia can route it: itself, unless its path starts before ELYSIA_PATH_SEARCH. */
export function routable(request: Request, url: URL): Request {
  if (url.protocol.length + 2 + url.host.length >= ELYSIA_PATH_SEARCH) return request;
  const port = url.protocol === "https:" ? 443 : 80;
  return new Request(`${url.protocol}//${url.host}:${port}${url.pathname}${url.search}`, request);
}
