// How the API reads a body: JSON whatever the Content-Type says, at most so many bytes, an empty
// body being {}. Elysia parses a body before its transform step (where the origin, the rate limit,
// the session and the host are checked), but a caller must learn who may call before anything about
// its body, and a non-host's upload is not even read. So the parse step leaves the body unread and
// the reading is the route's last transform, after those checks and before validation.
import { Elysia } from "elysia";
import { readCapped } from "../access/capped-body";
import { ApiError } from "./errors";

export const MAX_BODY_BYTES = 16 * 1024;

async function readJson(request: Request, maxBytes: number): Promise<unknown> {
  const bytes = await readCapped(request, maxBytes);
  if (!bytes) throw new ApiError(413, "Request body too large");
  try {
    const text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
    return text ? JSON.parse(text) : {};
  } catch {
    throw new ApiError(400, "Malformed JSON body");
  }
}

/** `bodyLimit: bytes` on a route with a `body` schema: its body is read as above, up to that many bytes. */
export const jsonBody = new Elysia({ name: "json-body" }).macro({
  bodyLimit: (maxBytes: number) => ({
    // Any value from a parse hook keeps Elysia's own parsers off the body; this one reads nothing.
    parse: () => null,
    // A macro's transform runs after the route's own and after the plugins' derives.
    transform: async (context: { request: Request; body: unknown }) => {
      context.body = await readJson(context.request, maxBytes);
    },
  }),
});
