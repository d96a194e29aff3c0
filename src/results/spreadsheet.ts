// CSV that a spreadsheet opens without running anything: a cell starting with =, +, -, @, tab or
// carriage return would be read as a formula (CSV injection), so Papa Parse prefixes it with '.
// Papa's own pattern (`escapeFormulae: true`) ends in `.*$`, which misses a cell with a line break
// after the formula; this one looks at the first character alone.
export const SPREADSHEET_SAFE = { escapeFormulae: /^[=+\-@\t\r]/ } as const;

/** A cell as written with SPREADSHEET_SAFE, read back as it was. */
export const unescapeFormula = (cell: string) => (/^'[=+\-@\t\r]/.test(cell) ? cell.slice(1) : cell);
