// The README's table of ratios, between its bench markers (docs/bench.md "Method"). A full run
// replaces the whole table; a run of only some sections (BENCH_ONLY) replaces the rows it measured
// and adds the ones the table lacks, keeps every other row, and says under the table which rows came
// from that run, so a partial run never drops the last full run's figures.
import type { BenchSection } from "../section";

export const START = "<!-- bench:start -->";
export const END = "<!-- bench:end -->";

type Ratio = BenchSection["ratios"][number];

export const cell = (v: string | number) => String(v).replace(/\|/g, "\\|");
const ratioRow = (r: Ratio) => `| ${cell(r.name)} | ${r.value} | ${cell(r.target)} | ${r.met ? "yes" : "no"} |`;
/**
 * Which row a ratio is, from its name: what follows " — " qualifies a figure (a peer held back, say)
 * and changes from run to run, so it is left out.
 */
const rowKey = (escapedName: string) => escapedName.split(" — ")[0]!.trim();
/** The line under the table that a run of `sections` writes, up to its date. */
const partialNote = (sections: string[]) => `Rows of \`BENCH_ONLY=${sections.join(",")}\` from its run of `;

export interface Run {
  ratios: Ratio[];
  date: string;
  machineLine: string;
  /** the run's results, relative to the repository, e.g. bench/results/2026-11-27.md */
  results: string;
  /** lines under the table (each realtime round's tail and load, a plot's link), each a paragraph; one that begins with a link replaces the line with the same link text */
  extra?: string[];
  /** the sections of a partial run; absent for a full one */
  only?: string[];
}

/** `readme` with its table of ratios written for `run` (added at the end when it has none). */
export function writeBenchTable(readme: string, run: Run): string {
  const at = readme.indexOf(START);
  const end = readme.indexOf(END);
  const has = at >= 0 && end > at;
  let block: string;
  if (run.only && has) {
    const lines = readme.slice(at + START.length, end).split("\n");
    const rows = lines.filter((l) => l.startsWith("| ") && !l.startsWith("| ratio |") && !l.startsWith("| ---"));
    const fresh = new Map(run.ratios.map((r) => [rowKey(cell(r.name)), ratioRow(r)]));
    const kept = rows.map((row) => {
      const key = rowKey(row.slice(2).split(/(?<!\\) \| /)[0]!);
      const replaced = fresh.get(key);
      fresh.delete(key);
      return replaced ?? row;
    });
    const header = lines.find((l) => l.startsWith("Last run ")) ?? `Last run ${run.date} on ${run.machineLine}:`;
    // Lines under the table: kept, but for this run's own note and the lines it writes anew (a plot's link, to its date).
    const linkKey = (l: string) => l.split("](")[0];
    const anew = new Set((run.extra ?? []).map(linkKey));
    const tail = lines
      .slice(lines.findLastIndex((l) => l.startsWith("| ")) + 1)
      .filter((l) => l.trim() !== "" && !l.startsWith(partialNote(run.only!)) && !anew.has(linkKey(l)));
    block = [
      START,
      header,
      "",
      "| ratio | value | target | met |",
      "| --- | ---: | --- | --- |",
      ...kept,
      ...fresh.values(),
      "",
      ...[...tail, ...(run.extra ?? [])].flatMap((l) => [l, ""]),
      `${partialNote(run.only)}${run.date} on ${run.machineLine} ([results](${run.results})).`,
      END,
    ].join("\n");
  } else {
    block = [
      START,
      `Last run ${run.date} on ${run.machineLine} ([full results](${run.results})):`,
      "",
      "| ratio | value | target | met |",
      "| --- | ---: | --- | --- |",
      ...run.ratios.map(ratioRow),
      ...(run.extra ?? []).flatMap((l) => ["", l]),
      ...(run.only ? ["", `${partialNote(run.only)}${run.date}.`] : []),
      END,
    ].join("\n");
  }
  if (has) return readme.slice(0, at) + block + readme.slice(end + END.length);
  return `${readme.trimEnd()}\n\n## Benchmark\n\n\`bun run bench\` (about 20-25 minutes) measures Stealmate against socket.io 4 on Node and a raw Bun.serve floor; see \`bench/\`.\n\n${block}\n`;
}
