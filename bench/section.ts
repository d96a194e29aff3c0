// One part of the benchmark report: a table of measurements and the ratios checked against targets.
export type BenchSection = {
  title: string;
  rows: Array<Record<string, string | number>>;
  ratios: Array<{ name: string; value: number; target: string; met: boolean }>;
  /** a line of Markdown under the tables, e.g. a plot */
  note?: string;
};
