// The summary's awards (docs/rules.md "Awards"), from who locked what: each names its player or,
// on a tie, every player who shares it, with its reason in words. No award without evidence: a game
// where nobody stole has no thief. A player who has left is named as recorded with their lock
// (docs/decisions.md "Every player gets their moment"). Pure: the summary's chunk and the exports
// both call it, on the rounds as they hold them.
import type { Locker, Team, TeamPlay } from "./types";
import { TEAMS } from "./types";

export interface Award {
  kind: "thief" | "sharpshooter" | "fastest";
  title: string;
  /** the winner, or everyone tied, in the order they first earned it */
  names: string[];
  /** why, in words ("2 steals that paid off"; "each" added on a tie) */
  reason: string;
}

/** One round's plays, by team: a judged round's `plays`, or a round view's (`playOf`). */
export type RoundPlays = Record<Team, Pick<TeamPlay, "steal" | "correct" | "points" | "lockedBy">>;

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
/** Tenths of a second, as the awards say them, so two players tie when their times read the same. */
const tenths = (ms: number) => Math.round(ms / 100);

/** Every locker's score on one measure, then those with the best; empty when nobody has any. */
function best(rounds: RoundPlays[], score: (play: RoundPlays[Team]) => number | null, higher: boolean): { lockers: Locker[]; value: number } {
  const by = new Map<string, { locker: Locker; value: number }>();
  for (const round of rounds) {
    for (const team of TEAMS) {
      const play = round[team];
      const locker = play.lockedBy;
      const value = locker ? score(play) : null;
      if (!locker || value === null) continue;
      const seen = by.get(locker.playerId);
      const kept = seen === undefined ? value : higher ? seen.value + value : Math.min(seen.value, value);
      by.set(locker.playerId, { locker: seen?.locker ?? locker, value: kept });
    }
  }
  const all = [...by.values()];
  if (all.length === 0) return { lockers: [], value: 0 };
  const value = higher ? Math.max(...all.map((e) => e.value)) : Math.min(...all.map((e) => e.value));
  return { lockers: all.filter((e) => e.value === value).map((e) => e.locker), value };
}

function award(kind: Award["kind"], title: string, lockers: Locker[], reason: string): Award[] {
  if (lockers.length === 0) return [];
  return [{ kind, title, names: lockers.map((l) => l.name), reason: lockers.length > 1 ? `${reason} each` : reason }];
}

export function awardsOf(rounds: RoundPlays[]): Award[] {
  const thief = best(rounds, (p) => (p.steal && p.points > 0 ? 1 : null), true);
  const sharp = best(rounds, (p) => (p.correct === true ? 1 : null), true);
  // The quickest lock that scored: a fast wrong answer earns nothing here.
  const fast = best(rounds, (p) => (p.points > 0 && p.lockedBy?.ms !== undefined ? tenths(p.lockedBy.ms) : null), false);
  return [
    ...award("thief", "Master thief", thief.lockers, plural(thief.value, "steal that paid off", "steals that paid off")),
    ...award("sharpshooter", "Sharpshooter", sharp.lockers, plural(sharp.value, "right answer", "right answers")),
    ...award("fastest", "Fastest finger", fast.lockers, `scored with a lock in ${(fast.value / 10).toFixed(1)} s`),
  ];
}

/** The award as one line ("Master thief: Ana, 2 steals that paid off"), for files and screen readers alike. */
export const awardLine = (a: Award) => `${a.title}${a.names.length > 1 ? " (a tie)" : ""}: ${namesLine(a.names)}, ${a.reason}`;

/** "Ana", "Ana and Ben", "Ana, Ben and Cy". */
export const namesLine = (names: string[]) => (names.length < 2 ? names.join("") : `${names.slice(0, -1).join(", ")} and ${names.at(-1)}`);
