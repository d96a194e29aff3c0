// A finished game's results to keep (docs/decisions.md "The party screen"; docs/decisions.md "Every
// player gets their moment"): when it was played and in which mode, the players (name, team), every
// round's question, category, both teams' plays, who locked each and how fast, verdicts, points and
// winner, the final scores and the awards, as JSON and as CSV (RFC 4180 through papaparse, so a
// question holding commas, quotes or line breaks survives a spreadsheet).
import { awardLine, awardsOf } from "../game/awards";
import { winnerOf } from "../game/scoring";
import type { GameState, Locker, Player, Team, TeamPlay, Winner } from "../game/types";
import { TEAMS } from "../game/types";
import { BOM, csvTable as csv } from "./spreadsheet";

type ExportedPlay = Omit<TeamPlay, "lockedBy"> & { lockedBy: Locker | null };

export interface ExportedRound {
  number: number;
  category: string;
  question: string;
  correctAnswer: string;
  blue: ExportedPlay;
  red: ExportedPlay;
  winner: Winner;
}

/** A player of the game: everyone seated at its end, then anyone who locked a play and has left since. */
export interface ExportedPlayer {
  name: string;
  /** null: the quizmaster, on no team */
  team: Team | null;
  left: boolean;
}

export interface ExportedGame {
  lobbyCode: string;
  /** when the game started (or, for a game saved before that was kept, when the file was made), ISO 8601 */
  date: string;
  /** the only mode so far (docs/rules.md "Teams") */
  mode: "teams";
  players: ExportedPlayer[];
  rounds: ExportedRound[];
  finalScores: Record<Team, number>;
  winner: Winner;
  /** the summary's awards, one line each ("Master thief: Ana, 2 steals that paid off") */
  awards: string[];
}

const exportedPlay = (p: TeamPlay): ExportedPlay => ({ ...p, lockedBy: p.lockedBy ?? null });

function playersOf(seated: Player[], game: GameState): ExportedPlayer[] {
  const players = seated.map((p) => ({ name: p.name, team: p.team, left: false }));
  const here = new Set(seated.map((p) => p.id));
  for (const r of game.rounds) {
    for (const team of TEAMS) {
      const locker = r.plays[team].lockedBy;
      if (!locker || here.has(locker.playerId)) continue;
      here.add(locker.playerId);
      players.push({ name: locker.name, team, left: true });
    }
  }
  return players;
}

export function exportGame(code: string, game: GameState, players: Player[], now: number): ExportedGame {
  const { blue, red } = game.scores;
  return {
    lobbyCode: code,
    date: new Date(game.startedAt ?? now).toISOString(),
    mode: "teams",
    players: playersOf(players, game),
    rounds: game.rounds.map((r) => ({ number: r.number, category: r.category, question: r.question, correctAnswer: r.answer, blue: exportedPlay(r.plays.blue), red: exportedPlay(r.plays.red), winner: r.winner })),
    finalScores: { blue, red },
    winner: winnerOf(game.scores),
    awards: awardsOf(game.rounds.map((r) => r.plays)).map(awardLine),
  };
}

const verdict = (p: TeamPlay) => (p.correct === null ? "" : p.correct ? "right" : "wrong");
const shown = (p: TeamPlay) => (p.steal ? "STEAL" : (p.answer ?? ""));
const seconds = (p: ExportedPlay) => (p.lockedBy?.ms === undefined ? "" : (p.lockedBy.ms / 1000).toFixed(1));

/**
 * Three tables one after another, a blank line between: the game (code, date, mode, winner), its
 * players, and one row a round with a last row of final scores (round "final"), then the awards
 * under the players. A BOM first, as spreadsheets want.
 */
export function gameCsv(game: ExportedGame): string {
  const header = csv(["lobby", "date", "mode", "winner"], [[game.lobbyCode, game.date, game.mode, game.winner]]);
  const players = csv(["player", "team", "left"], game.players.map((p) => [p.name, p.team ?? "quizmaster", p.left ? "yes" : ""]));
  const awards = csv(["award"], game.awards.map((a) => [a]));
  const perTeam = ["answer", "locked by", "seconds", "verdict", "points"];
  const columns = ["round", "category", "question", "correct answer", ...TEAMS.flatMap((t) => perTeam.map((c) => `${t} ${c}`)), "winner"];
  const rows = game.rounds.map((r) => [r.number, r.category, r.question, r.correctAnswer, ...TEAMS.flatMap((t) => [shown(r[t]), r[t].lockedBy?.name ?? "", seconds(r[t]), verdict(r[t]), r[t].points]), r.winner]);
  rows.push(["final", "", "", "", ...TEAMS.flatMap((t) => ["", "", "", "", game.finalScores[t]]), game.winner]);
  return BOM + [header, players, csv(columns, rows), awards].join("\r\n\r\n");
}
