// Question files in and out (docs/decisions.md "Your own questions"): the pack JSON `{ "questions": [...] }`
// and CSV with the header `category,question,answer,aliases` (aliases split by `|`, RFC 4180
// quoting, read and written by Papa Parse). Read on the server, so no page downloads a parser.
// Reading only finds the rows: each is then checked like any other (question-routes.ts), and
// `line` says where a bad one starts in the file.
import type { Question } from "../game/types";
import { BOM, csvTable, unescapeFormula, papa } from "../results/spreadsheet";


export const CSV_COLUMNS = ["category", "question", "answer", "aliases"] as const;
const REQUIRED = ["category", "question", "answer"];
const ALIAS_SEPARATOR = "|";

export type ReadResult =
  | { ok: true; questions: unknown[]; /** the line of the file the n-th question (from 1) starts on; null for JSON */ line: (row: number) => number | null }
  | { ok: false; message: string };

const fail = (message: string): ReadResult => ({ ok: false, message });

export function readQuestionFile(name: string, raw: string): ReadResult {
  const text = raw.startsWith(BOM) ? raw.slice(1) : raw;
  const json = /\.json$/i.test(name) || (!/\.csv$/i.test(name) && /^\s*[{[]/.test(text));
  return json ? readJson(text) : readCsv(text);
}

function readJson(text: string): ReadResult {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (err) {
    return fail(`This file is not valid JSON (${err instanceof Error ? err.message : String(err)})`);
  }
  const questions = (data as { questions?: unknown } | null)?.questions;
  if (!Array.isArray(questions)) return fail('A JSON file must hold { "questions": [ ... ] }');
  if (questions.length === 0) return fail("The file holds no questions");
  return { ok: true, questions, line: () => null };
}

/** The line each record starts on, past the line breaks (and blank lines) before it; offsets only grow. */
function lineCounter(text: string): (offset: number) => number {
  let scanned = 0;
  let line = 1;
  return (offset) => {
    let at = offset;
    while (at < text.length && /\s/.test(text[at]!)) at++;
    // CRLF, LF and a lone CR (old Macs) each end a line.
    for (; scanned < at; scanned++) if (text[scanned] === "\n" || (text[scanned] === "\r" && text[scanned + 1] !== "\n")) line++;
    return line;
  };
}

function readCsv(text: string): ReadResult {
  const records: { fields: string[]; line: number }[] = [];
  const lineAt = lineCounter(text);
  let start = 0;
  let problem: string | null = null;
  papa().parse<string[]>(text, {
    delimiter: ",",
    skipEmptyLines: "greedy",
    step: (result, parser) => {
      const line = lineAt(start);
      start = result.meta.cursor;
      const error = result.errors[0];
      if (error) {
        problem = `Line ${line}: ${error.message}`;
        parser.abort();
      } else records.push({ fields: result.data, line });
    },
  });
  if (problem) return fail(problem);
  const [header, ...rows] = records;
  if (!header) return fail("The file is empty");

  const columns = header.fields.map((f) => f.trim().toLowerCase());
  // A spreadsheet may save empty columns after the last named one.
  while (columns.at(-1) === "") columns.pop();
  const unknown = columns.filter((c) => !(CSV_COLUMNS as readonly string[]).includes(c));
  const missing = REQUIRED.filter((c) => !columns.includes(c));
  if (unknown.length || missing.length || new Set(columns).size !== columns.length) {
    return fail(`The first line must be the header ${CSV_COLUMNS.join(",")} (aliases may be left out)`);
  }
  if (rows.length === 0) return fail("The file holds no questions");
  const extra = rows.find((r) => r.fields.slice(columns.length).some((f) => f.trim() !== ""));
  if (extra) return fail(`Line ${extra.line} has ${extra.fields.length} fields, but the header names ${columns.length}`);

  // An export of ours escaped cells that look like formulas; they come back as they were.
  const field = (fields: string[], name: string) => unescapeFormula(fields[columns.indexOf(name)] ?? "");
  const questions: Question[] = rows.map(({ fields }) => ({
    category: field(fields, "category"),
    question: field(fields, "question"),
    answer: field(fields, "answer"),
    aliases: field(fields, "aliases")
      .split(ALIAS_SEPARATOR)
      .map((a) => a.trim())
      .filter(Boolean),
  }));
  return { ok: true, questions, line: (row) => rows[row - 1]?.line ?? null };
}

/** CSV as spreadsheets open it: a BOM (so Excel reads UTF-8), CRLF line ends, quotes only where needed. */
export function questionsCsv(questions: readonly Question[]): string {
  const data = questions.map((q) => [q.category, q.question, q.answer, q.aliases.join(ALIAS_SEPARATOR)]);
  return `${BOM}${csvTable(CSV_COLUMNS, data)}\r\n`;
}

/** The pack format the server also loads from $DATA_DIR/questions/. */
export function questionsJson(questions: readonly Question[]): string {
  return `${JSON.stringify({ questions: questions.map(({ category, question, answer, aliases }) => ({ category, question, answer, aliases })) }, null, 2)}\n`;
}
