// The lobby's own questions, answers included (this is the host's page), each with Edit and Delete.
import type { OwnQuestionView } from "../../src/ai/tag-sources";
import { useAction } from "../client/action";
import { api } from "../client/api";
import { Refusal } from "../client/refusal";

interface Props {
  questions: OwnQuestionView[];
  onEdit: (question: OwnQuestionView) => void;
  /** a question was deleted; what to tell the host */
  onDeleted: (done: string) => void;
}

export default function QuestionList({ questions, onEdit, onDeleted }: Props) {
  const action = useAction();

  async function remove(q: OwnQuestionView, index: number) {
    const res = await action.run("Failed to delete the question", () => api("DELETE", `/api/lobby/questions/${q.id}`));
    if (!res.success) return;
    // Focus stays in the list, on the question that takes this one's place, rather than falling to the page.
    const next = questions[index + 1] ?? questions[index - 1];
    document.getElementById(next ? `own-edit-${next.id}` : "own-category")?.focus();
    onDeleted("Question deleted");
  }

  if (questions.length === 0) return <Refusal message={action.message} />;
  return (
    <div className="stack">
      <h3 id="own-list-title">In this lobby</h3>
      <Refusal message={action.message} />
      <ul className="own-list" aria-labelledby="own-list-title">
        {questions.map((q, i) => (
          <li key={q.id} className="own-item">
            <div className="row">
              <span className="badge" dir="auto">
                {q.category}
              </span>
              {q.asked && <span className="muted small-print">asked in an earlier game</span>}
            </div>
            <p className="own-q" dir="auto">
              {q.question}
            </p>
            <p className="small-print">
              Answer: <strong dir="auto">{q.answer}</strong>
              {q.aliases.length > 0 && (
                <span className="muted">
                  {" "}
                  (also <bdi>{q.aliases.join(", ")}</bdi>)
                </span>
              )}
            </p>
            <div className="row">
              <button type="button" id={`own-edit-${q.id}`} className="ghost" aria-label={`Edit question ${i + 1}`} onClick={() => onEdit(q)}>
                Edit
              </button>
              <button type="button" className="danger" aria-label={`Delete question ${i + 1}`} disabled={action.busy} onClick={() => void remove(q, i)}>
                Delete
              </button>
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}
