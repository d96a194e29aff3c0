// Lobby views as a page receives them, for the islands' tests: players named after their ids, and the
// table of four most island tests sit at.
import type { Player, Team } from "../../src/game/types";
import type { LobbyView } from "../../src/game/views";

/** A connected player named after its id ("ann" is Ann); `team` null is the quizmaster. */
export const player = (id: string, team: Team | null, extra: Partial<Player> = {}): Player => ({ id, name: id[0]!.toUpperCase() + id.slice(1), team, isCaptain: false, isHost: false, connected: true, ...extra });

/** Host Ann captains blue with Bob; Cat captains red with Dan, who is away; no game unless `extra` has one. */
export function tableOfFour(extra: Partial<LobbyView> = {}): LobbyView {
  const ann = player("ann", "blue", { isCaptain: true, isHost: true });
  const cat = player("cat", "red", { isCaptain: true });
  return {
    code: "ABCD",
    host: { id: "ann", name: "Ann" },
    blueTeam: [ann, player("bob", "blue")],
    redTeam: [cat, player("dan", "red", { connected: false })],
    captains: { blue: ann, red: cat },
    settings: { rounds: 7, roundLimit: 60, tags: ["General"] },
    gameState: null,
    ...extra,
  };
}
