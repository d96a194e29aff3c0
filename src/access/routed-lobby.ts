// The `lobby` parameter pages add for the proxy's routing (src/shared/lobby-query.ts), checked against
// the lobby the request proves it is for: its token's, its body's code, its realtime session's
// (docs/decisions.md "Behind a proxy"). The proxy chose the node by the parameter, so a request
// whose proof names another lobby may have reached a node that does not hold that lobby: it is
// refused before anything is looked up or applied. No parameter is no routing claim (one machine,
// an older page), and passes.
import { normalizeCode } from "../game/settings";
import { LOBBY_PARAM } from "../shared/lobby-query";

/** Why such a request is refused (400 over REST, a socket-error on the realtime paths). */
export const OTHER_LOBBY = "The lobby in the address is not the lobby of this request";

/** A request's `lobby` parameter, read as codes are kept (trimmed, upper case); null when it has none. */
export function routedLobby(url: URL): string | null {
  const routed = url.searchParams.get(LOBBY_PARAM);
  return routed === null ? null : normalizeCode(routed);
}

/** Whether a request routed by `routed` (its parameter, or null) may go on for lobby `code`. */
export const routedTo = (routed: string | null, code: string): boolean => routed === null || routed === code;
