// The query parameter naming the lobby on the requests whose path has no code (the realtime paths,
// the join call), so a proxy sends them to the lobby's node (docs/cluster.md "Routing"). The server
// refuses one that names another lobby than the request's token, body or session. A module of its
// own: the home page's join call needs it, and none of the realtime wire.

export const LOBBY_PARAM = "lobby";

/**
 * `?lobby=CODE`, for a path that has no query yet. Not percent-encoded, to keep the game page's
 * bytes: a lobby's code is letters and digits, and a typed one that is not fails the join's body
 * check before the parameter is compared.
 */
export const lobbyQuery = (code: string) => `?${LOBBY_PARAM}=${code}`;
