// Who is calling: the bearer token's claims, once its player still holds a seat. Routes for seated
// players get them from one derive. A derive runs in Elysia's transform step, before the body is read
// and validated (a resolve would run after validation), so a caller without a seat hears 401 before
// anything about its body (docs/contract.md "The order of checks").
import { Elysia } from "elysia";
import { routedLobby } from "../access/routed-lobby";
import { type RateLimiter, TOO_MANY_REQUESTS } from "../access/rate-limit";
import { checkSeat } from "../access/seats";
import type { Claims, Tokens } from "../access/tokens";
import type { LobbyService } from "../lobbies/service";
import { ApiError } from "./errors";

export type Authenticate = (request: Request) => Promise<Claims>;

/** `commands`: each seated player's budget of calls (HOST_COMMANDS_PER_MIN), so no host rewrites a lobby without pause. */
export function authenticator(tokens: Tokens, service: LobbyService, commands: RateLimiter): Authenticate {
  return async (request) => {
    const header = request.headers.get("authorization") ?? "";
    const seat = await checkSeat(tokens, service, header.startsWith("Bearer ") ? header.slice(7).trim() : null, routedLobby(new URL(request.url)));
    // A good token that the address routes to another lobby is the caller's mistake, not a lost seat;
    // a lobby on its way to this node is a moment's wait.
    if (!seat.ok) throw new ApiError(seat.misrouted ? 400 : seat.later ? 503 : 401, seat.message);
    if (!commands.allow(seat.claims.sub)) throw new ApiError(429, TOO_MANY_REQUESTS);
    return seat.claims;
  };
}

/** The routes of the plugin that uses this are for seated players only, and get their `claims`. */
export const seated = (authenticate: Authenticate) => new Elysia().derive({ as: "scoped" }, async ({ request }) => ({ claims: await authenticate(request) }));

/** A lobby code in a request (read by codeSchema, so as kept), when given, must be the token's lobby. */
export function sameLobby(claims: Claims, code?: string): void {
  if (code && code !== claims.lobby) throw new ApiError(401, "Session is for another lobby");
}
