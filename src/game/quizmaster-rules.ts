// The host may sit out of both teams as quizmaster (docs/decisions.md "The game explains itself and
// forgives slips"): a host who wrote the lobby's questions knows every answer, so they run the game
// without playing it. The quizmaster is the host with no team (`team: null`): counted in neither
// team, hearing neither team's channel, refused a lock, a steal or team chat, and still the one who
// starts the game and every round. They come back by taking a seat on a team (teamSelect), and a
// quizmaster who stops being host is seated on the smaller team, so only ever the host is without
// one.
import { withCaptains } from "./captain-rules";
import { refuse } from "./commands";
import { lobbyEvent, type Effect } from "./effects";
import { accept, type Outcome } from "./outcome";
import type { LobbyState, Player, Team } from "./types";
import { paired } from "./types";
import { findPlayer, teamOf } from "./views";

export const QUIZMASTER_NO_ANSWER = "The quizmaster does not lock in or steal";
export const QUIZMASTER_NO_TEAM_CHAT = "The quizmaster has no team chat";

export function sitOut(state: LobbyState, by: string): Outcome {
  if (by !== state.hostId) return refuse("forbidden", "Only the host can sit out as quizmaster");
  // Everyone plays a Duel; a host who knows the answers should start a Teams lobby to sit out.
  if (paired(state)) return refuse("conflict", "Everyone plays in a Duel: there is no quizmaster");
  if (state.game) return refuse("conflict", "Teams are locked during a game");
  const host = findPlayer(state, by);
  if (!host) return refuse("notFound", "Player not found");
  if (host.team === null) return refuse("conflict", "You are already the quizmaster");
  // The team the host leaves keeps a captain (captain-rules.ts).
  const next = withCaptains({ ...state, players: state.players.map((p) => (p.id === by ? { ...p, team: null, isCaptain: false } : p)) });
  return accept(next, [{ type: "seat", playerId: by, team: "none" }, lobbyEvent(next, "player-team-changed", { playerId: by })]);
}

/** A player who is no longer host sits on the smaller team (blue on a tie) if they were quizmaster. */
export function seatFormerQuizmaster(state: LobbyState, playerId: string): { state: LobbyState; effects: Effect[] } {
  const former = findPlayer(state, playerId);
  // In a Duel nobody is on a team, the former host included.
  if (!former || former.team !== null || former.id === state.hostId || paired(state)) return { state, effects: [] };
  const team: Team = teamOf(state, "blue").length <= teamOf(state, "red").length ? "blue" : "red";
  const seated: Player = { ...former, team };
  return { state: withCaptains({ ...state, players: state.players.map((p) => (p.id === playerId ? seated : p)) }), effects: [{ type: "seat", playerId, team }] };
}
