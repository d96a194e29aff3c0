// What makes a downloaded file friendly to spreadsheets and to a downloads folder (docs/decisions.md,
// "The game explains itself"): a BOM, so Excel reads a CSV as UTF-8 (accents, Hebrew), and a name
// that tells one game's file from another's.

export const BOM = "\uFEFF";

const two = (n: number) => String(n).padStart(2, "0");

/** `stealmate-CODE-YYYYMMDD-HHMM-what.ext`, in the server's local time (the party's, on a home server). */
export function downloadName(code: string, what: "results" | "questions", ext: string, at: Date = new Date()): string {
  const day = `${at.getFullYear()}${two(at.getMonth() + 1)}${two(at.getDate())}`;
  return `stealmate-${code}-${day}-${two(at.getHours())}${two(at.getMinutes())}-${what}.${ext}`;
}
