// One question, written or edited by the host: category, question, answer and the other answers a
// quizmaster would accept. A new one is POSTed as a batch of one; an edit is a PUT of that id.
import { useEffect, useRef, useState } from "react";
import type { OwnQuestionView } from "../../src/ai/tag-sources";
import { useAction } from "../client/action";
import { api, type Answers } from "../client/api";
import { Refusal } from "../client/refusal";

interface Props {
  /** the question being edited, or null to write a new one */
  editing: OwnQuestionView | null;
  /** offered as the category: the tags, then the categories already written */
  categories: string[];
  /** the lobby holds as many questions as it may */
  full: boolean;
  /** saved (with what to tell the host) or cancelled (null); `id`: the question that was edited */
  onDone: (done: string | null, id?: number) => void;
}

/** The answer, its message the row error of a refused batch of one, or the refusal's own. */
function withReason<R extends { message?: string; errors?: unknown }>(res: R): R {
  const first = Array.isArray(res.errors) ? (res.errors[0] as { message?: string } | undefined)?.message : undefined;
  return { ...res, message: first ?? res.message };
}

export default function QuestionForm({ editing, categories, full, onDone }: Props) {
  const [category, setCategory] = useState(editing?.category ?? categories.find((c) => c !== "General") ?? "");
  const [question, setQuestion] = useState(editing?.question ?? "");
  const [answer, setAnswer] = useState(editing?.answer ?? "");
  const [aliases, setAliases] = useState(editing?.aliases.join(" | ") ?? "");
  const action = useAction();
  const questionField = useRef<HTMLTextAreaElement>(null);

  useEffect(() => {
    if (editing) questionField.current?.focus();
  }, []);

  async function save() {
    const body = {
      category: category.trim(),
      question: question.trim(),
      answer: answer.trim(),
      aliases: aliases
        .split("|")
        .map((a) => a.trim())
        .filter(Boolean),
    };
    if (editing) {
      const res = await action.run("Failed to save the question", () => api<Answers["question"]>("PUT", `/api/lobby/questions/${editing.id}`, body).then(withReason));
      if (res.success) onDone("Question saved", editing.id);
      return;
    }
    const res = await action.run("Failed to add the question", () => api<Answers["added"]>("POST", "/api/lobby/questions", { questions: [body] }).then(withReason));
    if (!res.success) return;
    setQuestion("");
    setAnswer("");
    setAliases("");
    // The count makes each message new, so a screen reader announces the next add too.
    onDone(res.added === 0 ? "That question is already in your list" : `Question added (${Number(res.total)} in your list)`);
    // The category stays: the next question is often in the same one.
    questionField.current?.focus();
  }

  const blank = !category.trim() || !question.trim() || !answer.trim();
  return (
    <form
      className="stack own-form"
      aria-labelledby="own-form-title"
      onSubmit={(e) => {
        e.preventDefault();
        if (!action.busy && !blank) void save();
      }}
    >
      <h3 id="own-form-title">{editing ? "Edit question" : "New question"}</h3>
      <label htmlFor="own-category">Category</label>
      <input id="own-category" list="own-categories" maxLength={40} autoComplete="off" dir="auto" value={category} onChange={(e) => setCategory(e.target.value)} />
      <datalist id="own-categories">
        {categories.map((c) => (
          <option key={c} value={c} />
        ))}
      </datalist>
      <label htmlFor="own-question">Question</label>
      <textarea id="own-question" ref={questionField} rows={2} maxLength={300} dir="auto" value={question} onChange={(e) => setQuestion(e.target.value)} />
      <div className="own-answers">
        <div className="stack">
          <label htmlFor="own-answer">Answer</label>
          <input id="own-answer" maxLength={60} autoComplete="off" dir="auto" value={answer} onChange={(e) => setAnswer(e.target.value)} />
        </div>
        <div className="stack">
          <label htmlFor="own-aliases">
            Also accept <span className="hint">(separate with |)</span>
          </label>
          <input id="own-aliases" autoComplete="off" dir="auto" placeholder="e.g. 8 | eight" value={aliases} onChange={(e) => setAliases(e.target.value)} />
        </div>
      </div>
      <div className="row">
        <button type="submit" className="primary" disabled={action.busy || blank || (full && !editing)}>
          {editing ? "Save question" : "Add question"}
        </button>
        {editing && (
          <button type="button" className="ghost" onClick={() => onDone(null, editing.id)}>
            Cancel
          </button>
        )}
        {full && !editing && <span className="muted small-print">Your list is full: delete a question to add another.</span>}
      </div>
      <Refusal message={action.message} />
    </form>
  );
}
