// Import a CSV or JSON file of questions, export the lobby's as either. The server reads and writes
// the files, so the page carries no parser; a refused import lists every bad row with the line it
// is on in the file (CSV) or its number (JSON), and the server's reason.
import { useState } from "react";
import { OWN_QUESTIONS_BYTES } from "../../src/game/settings";
import { useAction } from "../client/action";
import { api, type Answers } from "../client/api";
import { Refusal } from "../client/refusal";
import { downloadWithSession } from "../client/download";

interface Props {
  /** the lobby holds some: there is something to export */
  any: boolean;
  /** questions were added; what to tell the host */
  onImported: (done: string) => void;
}

export default function QuestionFiles({ any, onImported }: Props) {
  const [rows, setRows] = useState<string[]>([]);
  const action = useAction();

  async function importFile(input: HTMLInputElement) {
    const file = input.files?.[0];
    // The same file can be chosen again after fixing it.
    input.value = "";
    if (!file) return;
    setRows([]);
    // The server would refuse it anyway; this saves sending it.
    if (file.size > OWN_QUESTIONS_BYTES) return action.show(`${file.name} is too large for a lobby's questions`);
    const res = await action.run("Failed to import the file", async () => {
      const res = await api<Answers["imported"]>("POST", "/api/lobby/questions/import", { name: file.name, text: await file.text() });
      return { ...res, message: res.message && `${file.name}: ${res.message}` };
    });
    if (Array.isArray(res.errors)) setRows(res.errors.map((e) => `${e.line ? `Line ${e.line}` : `Question ${e.row}`}: ${e.message}`));
    if (!res.success) return;
    const added = Number(res.added);
    const skipped = Number(res.read) - added;
    onImported(`Added ${added} question${added === 1 ? "" : "s"} from ${file.name}${skipped ? ` (${skipped} already in your list)` : ""}`);
  }

  async function exportAs(format: "csv" | "json") {
    action.from(await downloadWithSession(`/api/lobby/questions/export?format=${format}`, `questions.${format}`), "Failed to export the questions");
  }

  return (
    <div className="stack own-files">
      <h3>Files</h3>
      <label htmlFor="own-file">
        Import a file <span className="hint">(CSV with the header category,question,answer,aliases, or JSON)</span>
      </label>
      <input id="own-file" type="file" accept=".csv,.json,text/csv,application/json" disabled={action.busy} onChange={(e) => void importFile(e.currentTarget)} />
      <Refusal message={action.message} />
      {rows.length > 0 && (
        <ul className="row-errors" aria-label="Problems in the file">
          {rows.map((r) => (
            <li key={r}>{r}</li>
          ))}
        </ul>
      )}
      <div className="row">
        <button type="button" className="ghost" disabled={!any} onClick={() => void exportAs("csv")}>
          Export CSV
        </button>
        <button type="button" className="ghost" disabled={!any} onClick={() => void exportAs("json")}>
          Export JSON
        </button>
      </div>
    </div>
  );
}
