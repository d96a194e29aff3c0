import type { z } from "zod";
import type { Refusal, RefusalKind } from "../game/commands";

/** A refusal on its way to the client as { success: false, message, ...details } with this status. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** more fields of the answer, such as the bad rows of a batch */
    readonly details: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

export const MAX_BODY_BYTES = 16 * 1024;

/** The body's bytes, or null when it is over `max` bytes (declared or actual). */
export async function readCapped(request: Request, max: number): Promise<Uint8Array | null> {
  if (Number(request.headers.get("content-length") ?? 0) > max) return null;
  // Bytes, not characters: a chunked body has no Content-Length, and "é" is one character in two bytes.
  const bytes = new Uint8Array(await request.arrayBuffer());
  return bytes.byteLength > max ? null : bytes;
}

/** Reads and validates a JSON body; anything else is a 400 (or 413 when over `maxBytes`). */
export async function readBody<S extends z.ZodType>(request: Request, schema: S, maxBytes = MAX_BODY_BYTES): Promise<z.infer<S>> {
  const bytes = await readCapped(request, maxBytes);
  if (!bytes) throw new ApiError(413, "Request body too large");
  let json: unknown;
  try {
    const text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
    json = text ? JSON.parse(text) : {};
  } catch {
    throw new ApiError(400, "Malformed JSON body");
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new ApiError(400, issue ? `${issue.path.join(".") || "body"}: ${issue.message}` : "Invalid body");
  }
  return parsed.data;
}

/** How HTTP says each kind of refusal. */
export const REFUSAL_STATUS: Record<RefusalKind, number> = { invalid: 400, forbidden: 403, notFound: 404, conflict: 409, unavailable: 503 };

/** Unwraps an accepted outcome or turns a refusal into its status. */
export function accepted<T extends { ok: true }>(outcome: T | Refusal): T {
  if (!outcome.ok) throw new ApiError(REFUSAL_STATUS[outcome.kind], outcome.message);
  return outcome;
}
