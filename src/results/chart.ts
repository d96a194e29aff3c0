// A picture of the game (docs/decisions.md "Every player gets their moment"): both teams' scores
// round by round as an SVG the server draws, so no chart code reaches a phone. The summary fetches
// it and places it inline: it holds no style attribute (the page's policy allows none; its look is
// the page's stylesheet, `.chart`), no text anyone typed, and says what it shows in words (its
// title names it, its desc reads every round's score) for anyone who cannot see it.
import type { RoundResult, Scores } from "../game/types";
import { TEAMS } from "../game/types";

const W = 400;
const H = 200;
const PAD = { left: 30, right: 56, top: 12, bottom: 26 };

/** The score after each round, from 0 before the first. */
function runningScores(rounds: RoundResult[]): Scores[] {
  const after: Scores[] = [{ blue: 0, red: 0 }];
  for (const r of rounds) {
    const last = after.at(-1)!;
    after.push({ blue: last.blue + r.plays.blue.points, red: last.red + r.plays.red.points });
  }
  return after;
}

const NAME = { blue: "Blue", red: "Red" } as const;

/** In words: the title, then each round's score. */
export function chartText(rounds: RoundResult[]): { title: string; desc: string } {
  const after = runningScores(rounds);
  const last = after.at(-1)!;
  const desc = after
    .slice(1)
    .map((s, i) => `After round ${i + 1}: Blue ${s.blue}, Red ${s.red}.`)
    .join(" ");
  return { title: `Scores round by round: Blue ${last.blue}, Red ${last.red} after ${rounds.length} ${rounds.length === 1 ? "round" : "rounds"}`, desc };
}

export function scoreChartSvg(rounds: RoundResult[]): string {
  const after = runningScores(rounds);
  const top = Math.max(1, ...after.map((s) => Math.max(s.blue, s.red)));
  const x = (i: number) => PAD.left + (i * (W - PAD.left - PAD.right)) / Math.max(1, after.length - 1);
  const y = (v: number) => H - PAD.bottom - (v * (H - PAD.top - PAD.bottom)) / top;
  const { title, desc } = chartText(rounds);
  // A round label for each round of a short game, every fifth of a long one.
  const step = rounds.length <= 10 ? 1 : 5;
  const ticks = after.map((_, i) => i).filter((i) => i > 0 && (i % step === 0 || i === rounds.length));
  const lines = TEAMS.map((t) => {
    const points = after.map((s, i) => `${x(i).toFixed(1)},${y(s[t]).toFixed(1)}`).join(" ");
    const end = after.at(-1)!;
    // The two teams differ by more than colour: a solid line with dots, a dashed one with squares, and their names at the end.
    const marks = after.map((s, i) => (t === "blue" ? `<circle cx="${x(i).toFixed(1)}" cy="${y(s[t]).toFixed(1)}" r="3"/>` : `<rect x="${(x(i) - 3).toFixed(1)}" y="${(y(s[t]) - 3).toFixed(1)}" width="6" height="6"/>`));
    const labelY = y(end[t]) + (end.blue === end.red ? (t === "blue" ? -6 : 10) : 4);
    return `<g class="team-${t}"><polyline points="${points}"/>${marks.join("")}<text x="${W - PAD.right + 6}" y="${labelY.toFixed(1)}">${NAME[t]} ${end[t]}</text></g>`;
  });
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" class="chart" viewBox="0 0 ${W} ${H}" role="img" aria-labelledby="score-chart-title" aria-describedby="score-chart-desc">`,
    `<title id="score-chart-title">${title}</title>`,
    `<desc id="score-chart-desc">${desc}</desc>`,
    `<g class="axis"><line x1="${PAD.left}" y1="${y(0)}" x2="${W - PAD.right}" y2="${y(0)}"/><line x1="${PAD.left}" y1="${y(top)}" x2="${W - PAD.right}" y2="${y(top)}"/>`,
    `<text x="${PAD.left - 6}" y="${y(0) + 4}" text-anchor="end">0</text><text x="${PAD.left - 6}" y="${y(top) + 4}" text-anchor="end">${top}</text>`,
    ...ticks.map((i) => `<text x="${x(i).toFixed(1)}" y="${H - 8}" text-anchor="middle">${i}</text>`),
    `</g>`,
    ...lines,
    `</svg>`,
  ].join("");
}
