// The scoring table of docs/rules.md "Scoring", exactly.
import type { Team, TeamPlay, Winner } from "./types";

export type Play = { kind: "none" } | { kind: "steal" } | { kind: "answer"; correct: boolean };

/** A team's play as the table reads it: a steal, no answer, or a typed answer with its ruling. */
export const moveOf = (p: Pick<TeamPlay, "answer" | "steal" | "correct">): Play =>
  p.steal ? { kind: "steal" } : p.answer === null ? { kind: "none" } : { kind: "answer", correct: p.correct === true };

const answeredRight = (play: Play) => play.kind === "answer" && play.correct;

/** Points team A gains this round, given what A and B did. */
export function gain(a: Play, b: Play): number {
  if (a.kind === "steal") return answeredRight(b) ? 2 : 0;
  // B bet that A was right: A keeps nothing if it was, and takes +2 from the failed steal if not.
  if (b.kind === "steal") return answeredRight(a) ? 0 : 2;
  return answeredRight(a) ? 1 : 0;
}

export function roundGains(blue: Play, red: Play): Record<Team, number> {
  return { blue: gain(blue, red), red: gain(red, blue) };
}

/** Who won a round by its points, or a game by its scores. */
export function winnerOf(points: Record<Team, number>): Winner {
  if (points.blue === points.red) return "tie";
  return points.blue > points.red ? "blue" : "red";
}
