// Why a team got its points in a round, in one line a result card can show (docs/decisions.md,
// "The game explains itself"): every row of the scoring table, and a host's overrule, in words.
import { otherTeam, type Team } from "../../src/game/types";
import type { RoundView } from "../../src/game/views";
import { playOf, teamName } from "./shared";

/** What happened to `team`'s typed answer, naming the host when the host ruled on it. */
function verdict(result: RoundView, team: Team): string {
  const play = playOf(result, team);
  const name = teamName(team);
  if (play.answer === null) return `${name} gave no answer`;
  const word = play.correct ? "right" : "wrong";
  return play.overruled ? `the host ruled ${name} ${word}` : `${name} was ${word}`;
}

/** The line on `team`'s result card: who stole or answered, the verdict, and who took the points. */
export function reasonLine(result: RoundView, team: Team): string {
  const other = otherTeam(team);
  const mine = playOf(result, team);
  const theirs = playOf(result, other);
  if (mine.steal && theirs.steal) return "Both teams stole: no points";
  // A steal bets that the other team is right: +2 to the stealer if so, +2 to the other team if not.
  const [thief, victim] = mine.steal ? [team, other] : theirs.steal ? [other, team] : [null, team];
  const right = playOf(result, victim).correct === true;
  if (thief) return `${teamName(thief)} stole: ${verdict(result, victim)}, +2 to ${teamName(right ? thief : victim)}`;
  const line = verdict(result, team);
  return `${line[0]!.toUpperCase()}${line.slice(1)}: ${right ? `+1 to ${teamName(team)}` : "no points"}`;
}
