// A finished game's results to keep (docs/decisions.md "The party screen"): every round's question,
// category, both teams' plays, verdicts, points and winner, and the final scores, as JSON and as CSV
// (RFC 4180 through papaparse, so a question holding commas, quotes or line breaks survives a
// spreadsheet).
import Papa from "papaparse";
import { winnerOf } from "../game/scoring";
import type { GameState, Team, TeamPlay, Winner } from "../game/types";
import { TEAMS } from "../game/types";
import { BOM, SPREADSHEET_SAFE } from "./spreadsheet";

export interface ExportedRound {
  number: number;
  category: string;
  question: string;
  correctAnswer: string;
  blue: TeamPlay;
  red: TeamPlay;
  winner: Winner;
}

export interface ExportedGame {
  lobbyCode: string;
  rounds: ExportedRound[];
  finalScores: Record<Team, number>;
  winner: Winner;
}

export function exportGame(code: string, game: GameState): ExportedGame {
  const { blue, red } = game.scores;
  return {
    lobbyCode: code,
    rounds: game.rounds.map((r) => ({ number: r.number, category: r.category, question: r.question, correctAnswer: r.answer, blue: r.plays.blue, red: r.plays.red, winner: r.winner })),
    finalScores: { blue, red },
    winner: winnerOf(game.scores),
  };
}

const verdict = (p: TeamPlay) => (p.correct === null ? "" : p.correct ? "right" : "wrong");
const shown = (p: TeamPlay) => (p.steal ? "STEAL" : (p.answer ?? ""));

/** One row a round, then a last row with the final scores (round "final"); a BOM first, as spreadsheets want. */
export function gameCsv(game: ExportedGame): string {
  const columns = ["round", "category", "question", "correct answer", ...TEAMS.flatMap((t) => [`${t} answer`, `${t} verdict`, `${t} points`]), "winner"];
  const rows = game.rounds.map((r) => [r.number, r.category, r.question, r.correctAnswer, ...TEAMS.flatMap((t) => [shown(r[t]), verdict(r[t]), r[t].points]), r.winner]);
  rows.push(["final", "", "", "", "", "", game.finalScores.blue, "", "", game.finalScores.red, game.winner]);
  return BOM + Papa.unparse({ fields: columns, data: rows }, { newline: "\r\n", ...SPREADSHEET_SAFE });
}
