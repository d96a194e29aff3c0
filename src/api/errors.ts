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

/** How HTTP says each kind of refusal. */
export const REFUSAL_STATUS: Record<RefusalKind, number> = { invalid: 400, forbidden: 403, notFound: 404, conflict: 409, unavailable: 503 };

/** Unwraps an accepted outcome or turns a refusal into its status. */
export function accepted<T extends { ok: true }>(outcome: T | Refusal): T {
  // A join's name that is a free seat says so, for the page to offer it back (docs/contract.md "REST").
  if (!outcome.ok) throw new ApiError(REFUSAL_STATUS[outcome.kind], outcome.message, outcome.takeBack ? { takeBack: outcome.takeBack } : {});
  return outcome;
}
