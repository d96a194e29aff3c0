// A finished Duel's results to keep (docs/decisions.md "Duels"): per player, where Teams' are per team.
// The same header as a Teams game's (code, date, mode), the final standings with places, and every
// round's pairings with both players' plays, verdicts, times and points; as JSON and as CSV (the same
// RFC 4180 writing and spreadsheet safety as export.ts).
import { standingsOf } from "../game/duels/standings";
import type { GameState, Player, SidePlay } from "../game/types";
import { bracketCsv, exportBracket, type ExportedBracket } from "./bracket-export";
import { BOM, csvTable as csv } from "./spreadsheet";

export interface ExportedSide {
  name: string;
  answer: string | null;
  steal: boolean;
  correct: boolean | null;
  points: number;
  overruled: boolean;
  /** seconds after the question appeared; null when the player did not lock */
  seconds: number | null;
}

/** A Duel's results; a Tournament's (the same paired rounds) add its bracket and champion. */
export interface ExportedDuelGame extends Partial<ExportedBracket> {
  lobbyCode: string;
  /** when the game started, ISO 8601 */
  date: string;
  mode: "duels" | "tournament";
  /** first place first: points, then steals that paid off */
  standings: { place: number; name: string; points: number; steals: number }[];
  rounds: { number: number; category: string; question: string; correctAnswer: string; duels: { a: ExportedSide; b: ExportedSide | null }[] }[];
}

const side = (p: SidePlay): ExportedSide => ({
  name: p.name,
  answer: p.answer,
  steal: p.steal,
  correct: p.correct,
  points: p.points,
  overruled: p.overruled,
  seconds: p.lockedBy?.ms === undefined ? null : Math.round(p.lockedBy.ms / 100) / 10,
});

export function exportDuels(code: string, game: GameState, players: Player[], now: number): ExportedDuelGame {
  return {
    lobbyCode: code,
    date: new Date(game.startedAt ?? now).toISOString(),
    mode: game.bracket ? "tournament" : "duels",
    ...exportBracket(game),
    standings: standingsOf({ players }, game).map((s, i) => ({ place: i + 1, name: s.name, points: s.points, steals: s.steals })),
    rounds: game.rounds.map((r) => ({
      number: r.number,
      category: r.category,
      question: r.question,
      correctAnswer: r.answer,
      duels: (r.duels ?? []).map((d) => ({ a: side(d.a), b: d.b && side(d.b) })),
    })),
  };
}

const shown = (s: ExportedSide) => (s.steal ? "STEAL" : (s.answer ?? ""));
const verdict = (s: ExportedSide) => (s.correct === null ? "" : s.correct ? "right" : "wrong");
const cells = (s: ExportedSide | null) => (s ? [s.name, shown(s), s.seconds ?? "", verdict(s), s.points] : ["(bye)", "", "", "", ""]);

/** Three tables, a blank line between: the game, the standings, one row per pairing per round (a Tournament's bracket before the standings). A BOM first. */
export function duelCsv(game: ExportedDuelGame): string {
  const header = csv(["lobby", "date", "mode"], [[game.lobbyCode, game.date, game.mode]]);
  const standings = csv(["place", "player", "points", "steals"], game.standings.map((s) => [s.place, s.name, s.points, s.steals]));
  const perSide = (who: string) => ["", " answer", " seconds", " verdict", " points"].map((c) => `${who}${c}`);
  const columns = ["round", "category", "question", "correct answer", ...perSide("player"), ...perSide("opponent")];
  const rows = game.rounds.flatMap((r) => r.duels.map((d) => [r.number, r.category, r.question, r.correctAnswer, ...cells(d.a), ...cells(d.b)]));
  const bracket = game.bracket ? [bracketCsv({ champion: game.champion ?? "", bracket: game.bracket })] : [];
  return BOM + [header, ...bracket, standings, csv(columns, rows)].join("\r\n\r\n");
}
