// Captains by themselves (docs/rules.md "Teams"): a captain has no power of their own in play, so no
// one should have to press a button to get the game going. The first player on a team is its
// captain; when a captain leaves, moves, steps down or sits out, the longest-seated member still on
// that team takes over. "Become Captain" still lets anyone take the role.
import type { LobbyState, Team } from "./types";
import { TEAMS } from "./types";

/**
 * Gives every team that has players and no captain its longest-seated member as captain (players are
 * kept in the order they took their seats). `passOver`: a player who just gave the role up, who keeps
 * it only when no one else is on the team.
 */
export function withCaptains(state: LobbyState, passOver?: string): LobbyState {
  let players = state.players;
  for (const team of TEAMS) {
    const members = players.filter((p) => p.team === team);
    if (members.length === 0 || members.some((p) => p.isCaptain)) continue;
    const heir = members.find((p) => p.id !== passOver) ?? members[0]!;
    players = players.map((p) => (p.id === heir.id ? { ...p, isCaptain: true } : p));
  }
  return players === state.players ? state : { ...state, players };
}

const TEAM_NAMES: Record<Team, string> = { blue: "Blue Team", red: "Red Team" };

/** Why a game cannot start yet, with this many players on each team; null when it can. */
export function startWaitsFor(count: Record<Team, number>): string | null {
  const empty = TEAMS.filter((t) => count[t] === 0);
  if (empty.length === 0) return null;
  return empty.length === 2 ? "Both teams need a player" : `${TEAM_NAMES[empty[0]!]} needs a player`;
}
