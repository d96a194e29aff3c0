// A line plot as hand-written SVG, for the bench's results (no plotting dependency): lines of
// points, a linear x axis, a linear or log y axis, horizontal reference lines and a legend.

export interface PlotSeries {
  color: string;
  points: Array<[number, number]>;
  /** in the legend when set; faint companions of a line leave it out */
  label?: string;
  width?: number;
  opacity?: number;
  dots?: boolean;
}

export interface PlotOptions {
  title: string;
  xLabel: string;
  yLabel: string;
  series: PlotSeries[];
  yLog?: boolean;
  /** horizontal lines across the plot, e.g. a limit */
  hLines?: Array<{ y: number; label: string; color: string }>;
  /** a line of small print under the title */
  note?: string;
}

const W = 900;
const H = 540;
const M = { left: 80, right: 250, top: 70, bottom: 64 };

const escape = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
const num = (n: number) => Number(n.toFixed(1));

/** About `count` round-numbered ticks from 0 to at least `max`. */
function linearTicks(max: number, count = 8): number[] {
  const raw = Math.max(max, 1) / count;
  const power = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 2.5, 5, 10].map((m) => m * power).find((s) => s >= raw)!;
  const ticks: number[] = [];
  for (let t = 0; t <= max + step * 0.999; t += step) ticks.push(Number(t.toPrecision(12)));
  return ticks;
}

export function linePlot(opts: PlotOptions): string {
  const all = opts.series.flatMap((s) => s.points).filter(([x, y]) => Number.isFinite(x) && Number.isFinite(y) && (!opts.yLog || y > 0));
  const ys = [...all.map(([, y]) => y), ...(opts.hLines ?? []).map((h) => h.y)];
  const xTicks = linearTicks(Math.max(1, ...all.map(([x]) => x)));
  const xMax = xTicks.at(-1)!;
  const yTicks = opts.yLog
    ? (() => {
        const lo = Math.floor(Math.log10(Math.min(...ys, 1)));
        const hi = Math.ceil(Math.log10(Math.max(...ys, 10)));
        return Array.from({ length: hi - lo + 1 }, (_, i) => 10 ** (lo + i));
      })()
    : linearTicks(Math.max(1, ...ys), 6);
  const [yMin, yMax] = [opts.yLog ? yTicks[0]! : 0, yTicks.at(-1)!];
  const plotW = W - M.left - M.right;
  const plotH = H - M.top - M.bottom;
  const px = (x: number) => num(M.left + (x / xMax) * plotW);
  const py = (y: number) => {
    const t = opts.yLog ? (Math.log10(y) - Math.log10(yMin)) / (Math.log10(yMax) - Math.log10(yMin)) : (y - yMin) / (yMax - yMin);
    return num(M.top + plotH - t * plotH);
  };
  const tickLabel = (v: number) => (v >= 1000 ? `${v / 1000}k` : String(v));

  const out: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}" font-family="DejaVu Sans, Arial, sans-serif" font-size="13">`,
    `<rect width="${W}" height="${H}" fill="#ffffff"/>`,
    `<text x="${M.left}" y="28" font-size="17" font-weight="bold">${escape(opts.title)}</text>`,
  ];
  if (opts.note) out.push(`<text x="${M.left}" y="48" font-size="12" fill="#555">${escape(opts.note)}</text>`);
  // Grid and ticks.
  for (const x of xTicks)
    out.push(`<line x1="${px(x)}" y1="${M.top}" x2="${px(x)}" y2="${M.top + plotH}" stroke="#e6e6e6"/>`, `<text x="${px(x)}" y="${M.top + plotH + 18}" text-anchor="middle">${tickLabel(x)}</text>`);
  // On a log axis, fainter lines at 2 and 5 times each power of ten.
  if (opts.yLog)
    for (const y of yTicks.slice(0, -1).flatMap((t) => [2 * t, 5 * t])) out.push(`<line x1="${M.left}" y1="${py(y)}" x2="${M.left + plotW}" y2="${py(y)}" stroke="#f3f3f3"/>`);
  for (const y of yTicks)
    out.push(`<line x1="${M.left}" y1="${py(y)}" x2="${M.left + plotW}" y2="${py(y)}" stroke="#e6e6e6"/>`, `<text x="${M.left - 8}" y="${py(y) + 4}" text-anchor="end">${tickLabel(y)}</text>`);
  out.push(
    `<rect x="${M.left}" y="${M.top}" width="${plotW}" height="${plotH}" fill="none" stroke="#333"/>`,
    `<text x="${M.left + plotW / 2}" y="${H - 16}" text-anchor="middle">${escape(opts.xLabel)}</text>`,
    `<text transform="translate(22 ${M.top + plotH / 2}) rotate(-90)" text-anchor="middle">${escape(opts.yLabel)}</text>`,
  );
  for (const h of opts.hLines ?? [])
    out.push(
      `<line x1="${M.left}" y1="${py(h.y)}" x2="${M.left + plotW}" y2="${py(h.y)}" stroke="${h.color}" stroke-width="1.5" stroke-dasharray="6 4"/>`,
      `<text x="${M.left + 6}" y="${py(h.y) - 6}" fill="${h.color}">${escape(h.label)}</text>`,
    );
  // Lines: points sorted by x, the ones a log axis cannot show left out.
  for (const s of opts.series) {
    const pts = s.points.filter(([x, y]) => Number.isFinite(x) && Number.isFinite(y) && (!opts.yLog || y > 0)).sort((a, b) => a[0] - b[0]);
    if (pts.length === 0) continue;
    const style = `stroke="${s.color}" stroke-width="${s.width ?? 2}" opacity="${s.opacity ?? 1}"`;
    out.push(`<polyline fill="none" ${style} stroke-linejoin="round" points="${pts.map(([x, y]) => `${px(x)},${py(y)}`).join(" ")}"/>`);
    if (s.dots) for (const [x, y] of pts) out.push(`<circle cx="${px(x)}" cy="${py(y)}" r="3.5" fill="${s.color}" opacity="${s.opacity ?? 1}"/>`);
  }
  // Legend, right of the plot.
  const legend = opts.series.filter((s) => s.label);
  legend.forEach((s, i) => {
    const y = M.top + 12 + i * 40;
    const x = M.left + plotW + 16;
    out.push(`<line x1="${x}" y1="${y}" x2="${x + 26}" y2="${y}" stroke="${s.color}" stroke-width="${s.width ?? 2}"/>`);
    const [first, ...rest] = s.label!.split("\n");
    out.push(`<text x="${x + 34}" y="${y + 4}">${escape(first!)}</text>`);
    rest.forEach((line, j) => out.push(`<text x="${x + 34}" y="${y + 20 + j * 15}" font-size="11" fill="#555">${escape(line)}</text>`));
  });
  out.push("</svg>");
  return out.join("\n") + "\n";
}
