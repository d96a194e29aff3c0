// A finished Tournament's bracket in its results (docs/decisions.md "Tournament"): every bracket round
// by its name, each match's two players (a bye named so), its score in questions won and who went
// through, and the champion; as JSON fields and as one more CSV table of duel-export.ts's file.
import { champion, roundName } from "../game/tournament/bracket";
import type { GameState } from "../game/types";
import { csvTable } from "./spreadsheet";

export interface ExportedMatch {
  round: string;
  a: string;
  /** "(bye)" when the first round gave `a` no opponent */
  b: string;
  score: string;
  winner: string;
}

export interface ExportedBracket {
  champion: string;
  bracket: ExportedMatch[];
}

export function exportBracket(game: GameState): ExportedBracket | null {
  const kept = game.bracket;
  if (!kept) return null;
  const name = (id: string | null, none: string) => (id === null ? none : (kept.names[id] ?? id));
  const bracket = kept.rounds.flatMap((round, r) =>
    round.map((m) => ({ round: roundName(kept.rounds.length, r), a: name(m.a, ""), b: name(m.b, m.a === null ? "" : "(bye)"), score: m.score ? `${m.score.a}-${m.score.b}` : "", winner: name(m.winner, "") })),
  );
  return { champion: name(champion(kept), ""), bracket };
}

/** The bracket as a CSV table: one row per match. */
export const bracketCsv = (exported: ExportedBracket): string =>
  csvTable(["bracket round", "player", "opponent", "score", "through"], exported.bracket.map((m) => [m.round, m.a, m.b, m.score, m.winner]));
