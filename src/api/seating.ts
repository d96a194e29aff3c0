// Taking a seat in a lobby, for the REST join and the invite page's form alike (docs/contract.md
// "REST"): the same rules, the same refusals, the same token. The checks that come before it (the
// origin, the address's join budget, the body) are each caller's, in its own order of checks.
import type { LobbyService } from "../lobbies/service";
import type { LobbyState, Player } from "../game/types";
import { lobbyView, type LobbyView } from "../game/views";
import { OTHER_LOBBY, routedLobby, routedTo } from "../access/routed-lobby";
import type { Tokens } from "../access/tokens";
import { accepted, ApiError } from "./errors";

export interface Seated {
  token: string;
  lobby: LobbyView;
}

/** The session token of `player` in `state`: who they are, and the device that holds the seat. */
export async function seatToken(tokens: Tokens, state: LobbyState, player: Player): Promise<Seated> {
  const token = await tokens.sign({ lobby: state.code, sub: player.id, name: player.name, isHost: player.isHost, dev: player.device });
  return { token, lobby: lobbyView(state) };
}

export interface JoinRequest {
  code: string;
  playerName: string;
  /** the player confirmed that a free seat of this name is theirs (src/game/entry-rules.ts) */
  takeBack?: boolean;
}

/** Seats the caller, or throws the refusal as an ApiError (a free seat of the name says so in `takeBack`). */
export function seating(service: LobbyService, tokens: Tokens) {
  return async (request: Request, { code, playerName, takeBack }: JoinRequest): Promise<Seated> => {
    // The proxy chose this node by the address's `lobby` parameter (docs/cluster.md "Routing").
    if (!routedTo(routedLobby(new URL(request.url)), code)) throw new ApiError(400, OTHER_LOBBY);
    // A new seat is this id; a seat taken back keeps its own id and is held by this device from now on.
    const device = crypto.randomUUID();
    const { state } = accepted(await service.dispatch(code, { type: "join", playerId: device, name: playerName, takeBack }));
    return seatToken(tokens, state, state.players.find((p) => p.id === device || p.device === device)!);
  };
}
export type Seating = ReturnType<typeof seating>;
