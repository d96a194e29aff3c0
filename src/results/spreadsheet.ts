// What makes a downloaded file friendly to spreadsheets and to a downloads folder (docs/decisions.md,
// "The game explains itself" and "Keeping strangers out"): a BOM, so Excel reads a CSV as UTF-8
// (accents, Hebrew), a name that tells one game's file from another's, and no cell a spreadsheet
// would run as a formula. The CSV parser and writer too, loaded at the first CSV read or written.
import type Papa from "papaparse";

export const BOM = "\uFEFF";

let papaparse: typeof Papa | null = null;
/** Papa Parse, read at its first use: a server that never reads or writes a CSV saves its 1 MB (docs/bench.md "Idle RSS, module by module"). */
export const papa = () => (papaparse ??= require("papaparse") as typeof Papa);

const two = (n: number) => String(n).padStart(2, "0");

/** `stealmate-CODE-YYYYMMDD-HHMM-what.ext`, in the server's local time (the party's, on a home server). */
export function downloadName(code: string, what: "results" | "questions", ext: string, at: Date = new Date()): string {
  const day = `${at.getFullYear()}${two(at.getMonth() + 1)}${two(at.getDate())}`;
  return `stealmate-${code}-${day}-${two(at.getHours())}${two(at.getMinutes())}-${what}.${ext}`;
}

/**
 * A cell starting with =, +, -, @, tab or carriage return would be read as a formula (CSV
 * injection), so Papa Parse prefixes it with '. Papa's own pattern (`escapeFormulae: true`) ends in
 * `.*$`, which misses a cell with a line break after the formula; this one looks at the first
 * character alone.
 */
export const SPREADSHEET_SAFE = { escapeFormulae: /^[=+\-@\t\r]/ } as const;

/** One CSV table as every file here writes it: RFC 4180, CRLF line ends, SPREADSHEET_SAFE cells. */
export const csvTable = (fields: readonly string[], data: unknown[][]): string => papa().unparse({ fields: [...fields], data }, { newline: "\r\n", ...SPREADSHEET_SAFE });

/** A cell as written with SPREADSHEET_SAFE, read back as it was. */
export const unescapeFormula = (cell: string) => (/^'[=+\-@\t\r]/.test(cell) ? cell.slice(1) : cell);
