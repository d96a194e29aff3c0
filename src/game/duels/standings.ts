// A Duel's standings (docs/rules.md "Duels"): every seated player by points, then by steals that paid
// off, then by name; summed from the judged rounds, so an overrule moves them at once.
import type { GameState, LobbyState } from "../types";

export interface Standing {
  playerId: string;
  name: string;
  points: number;
  /** steals that paid off (+2): the tie-break */
  steals: number;
}

export function standingsOf(state: Pick<LobbyState, "players">, game: Pick<GameState, "rounds">): Standing[] {
  const by = new Map<string, Standing>(state.players.map((p) => [p.id, { playerId: p.id, name: p.name, points: 0, steals: 0 }]));
  for (const round of game.rounds) {
    for (const duel of round.duels ?? []) {
      for (const side of duel.b ? [duel.a, duel.b] : [duel.a]) {
        // Someone who has left is no longer standing.
        const row = by.get(side.playerId);
        if (!row) continue;
        row.points += side.points;
        if (side.steal && side.points > 0) row.steals += 1;
      }
    }
  }
  return [...by.values()].sort((x, y) => y.points - x.points || y.steals - x.steals || x.name.localeCompare(y.name));
}
