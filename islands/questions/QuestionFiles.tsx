// Import a CSV or JSON file of questions, export the lobby's as either. A refused import lists every
// bad row, as a place in the file ("Line 4", "Question 3"), with the server's reason.
import { useState } from "react";
import type { OwnQuestionView } from "../../src/ai/tag-sources";
import { api } from "../client/api";
import { Refusal, useRefusal } from "../client/refusal";

/** Past this a file cannot be a lobby's 500 questions; it is not read at all. */
const MAX_FILE_BYTES = 1024 * 1024;

interface Props {
  questions: OwnQuestionView[];
  code: string;
  /** questions were added; what to tell the host */
  onImported: (done: string) => void;
}

/** The parser comes with the first import or export, never with the page. */
const files = () => import("../client/question-file");

function download(name: string, type: string, text: string) {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = Object.assign(document.createElement("a"), { href: url, download: name });
  document.body.append(link);
  link.click();
  link.remove();
  // The download has taken its copy by the time this runs.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

export default function QuestionFiles({ questions, code, onImported }: Props) {
  const [busy, setBusy] = useState(false);
  const [rows, setRows] = useState<string[]>([]);
  const refusal = useRefusal();

  async function importFile(input: HTMLInputElement) {
    const file = input.files?.[0];
    // The same file can be chosen again after fixing it.
    input.value = "";
    if (!file) return;
    setRows([]);
    if (file.size > MAX_FILE_BYTES) return refusal.show(`${file.name} is too large for a lobby's questions`);
    setBusy(true);
    const parser = await files().catch(() => null);
    const read = parser ? parser.readQuestionFile(file.name, await file.text()) : { ok: false as const, message: "the page could not load its file reader; try again" };
    if (!read.ok) {
      setBusy(false);
      return refusal.show(`${file.name}: ${read.message}`);
    }
    const res = await api("POST", "/api/lobby/questions", { questions: read.questions });
    setBusy(false);
    if (Array.isArray(res.errors)) setRows((res.errors as { row: number; message: string }[]).map((e) => `${read.where(e.row)}: ${e.message}`));
    if (!refusal.from(res, "Failed to import the file")) return;
    const added = Number(res.added);
    const skipped = read.questions.length - added;
    onImported(`Added ${added} question${added === 1 ? "" : "s"} from ${file.name}${skipped ? ` (${skipped} already in your list)` : ""}`);
  }

  async function exportAs(kind: "csv" | "json") {
    const f = await files().catch(() => null);
    if (!f) return refusal.show("The page could not load its file writer; try again");
    refusal.clear();
    const name = `stealmate-${code}-questions.${kind}`;
    if (kind === "csv") download(name, "text/csv;charset=utf-8", f.questionsCsv(questions));
    else download(name, "application/json", f.questionsJson(questions));
  }

  return (
    <div className="stack own-files">
      <h3>Files</h3>
      <label htmlFor="own-file">
        Import a file <span className="hint">(CSV with the header category,question,answer,aliases, or JSON)</span>
      </label>
      <input id="own-file" type="file" accept=".csv,.json,text/csv,application/json" disabled={busy} onChange={(e) => void importFile(e.currentTarget)} />
      <Refusal message={refusal.message} />
      {rows.length > 0 && (
        <ul className="row-errors" aria-label="Problems in the file">
          {rows.map((r) => (
            <li key={r}>{r}</li>
          ))}
        </ul>
      )}
      <div className="row">
        <button type="button" className="ghost" disabled={questions.length === 0} onClick={() => void exportAs("csv")}>
          Export CSV
        </button>
        <button type="button" className="ghost" disabled={questions.length === 0} onClick={() => void exportAs("json")}>
          Export JSON
        </button>
      </div>
    </div>
  );
}
