// Why a side got its points in a round, in one line a result card can show (docs/decisions.md,
// "The game explains itself"): every row of the scoring table, and a host's overrule, in words. A
// side is a team (Teams) or a player (Duels, islands/duels/), named as the card names it.
import { otherTeam, type Team, type TeamPlay } from "../../src/game/types";
import type { RoundView } from "../../src/game/views";
import { playOf, teamName } from "./shared";

/** One side's play in a judged round, with the name its card goes by. */
export type Side = Pick<TeamPlay, "answer" | "steal" | "correct" | "overruled"> & { name: string };

/** What happened to a side's typed answer, naming the host when the host ruled on it. */
function verdict(side: Side): string {
  if (side.answer === null) return `${side.name} gave no answer`;
  const word = side.correct ? "right" : "wrong";
  return side.overruled ? `the host ruled ${side.name} ${word}` : `${side.name} was ${word}`;
}

/**
 * The line on `mine`'s card: who stole or answered, the verdict, and who took the points. `theirs`
 * null: a bye (no opponent). `bothStole`: the line when both sides stole.
 */
export function sidesReason(mine: Side, theirs: Side | null, bothStole: string): string {
  if (theirs && mine.steal && theirs.steal) return bothStole;
  // A steal bets that the other side is right: +2 to the stealer if so, +2 to the other side if not.
  const [thief, victim] = theirs && mine.steal ? [mine, theirs] : theirs?.steal ? [theirs, mine] : [null, mine];
  const right = victim.correct === true;
  if (thief) return `${thief.name} stole: ${verdict(victim)}, +2 to ${(right ? thief : victim).name}`;
  const line = verdict(mine);
  return `${line[0]!.toUpperCase()}${line.slice(1)}: ${right ? `+1 to ${mine.name}` : "no points"}`;
}

const teamSide = (result: RoundView, team: Team): Side => ({ ...playOf(result, team), name: teamName(team) });

/** The line on `team`'s result card. */
export const reasonLine = (result: RoundView, team: Team): string => sidesReason(teamSide(result, team), teamSide(result, otherTeam(team)), "Both teams stole: no points");
