// 'Your Questions' (docs/decisions.md "Your own questions"): the host writes, edits, deletes, imports and
// exports the lobby's own questions. Only the host sees it: the server render does not know the
// viewer, so it renders nothing there, and the host's page fetches the list (answers included)
// through the host-only GET. The settings panel reads the same list to say where questions come from.
import { useSignals } from "@preact/signals-react/runtime";
import { Fragment, useEffect, useState, type ReactNode } from "react";
import type { OwnQuestionView, QuestionBook } from "../src/ai/tag-sources";
import { OWN_QUESTIONS_MAX } from "../src/game/settings";
import { api, type Answers } from "./client/api";
import { Refusal, useRefusal } from "./client/refusal";
import { useStore, type Store } from "./client/store";
import QuestionFiles from "./questions/QuestionFiles";
import QuestionForm from "./questions/QuestionForm";
import QuestionList from "./questions/QuestionList";

/** Fetches the host's list into the store; the answer, for the caller to show a refusal. */
async function loadBook(store: Store) {
  const res = await api<Answers["questions"]>("GET", "/api/lobby/questions");
  if (!res.success || !Array.isArray(res.questions) || !Array.isArray(res.bank)) return { ...res, success: false };
  store.questionBook.value = { questions: res.questions, bank: res.bank, ai: res.ai === true } satisfies QuestionBook;
  return res;
}

/** "7 questions: 90s Movies (4), Cats (3)", each category isolated so a right-to-left one keeps its count beside it */
function summary(questions: readonly OwnQuestionView[]): ReactNode {
  if (questions.length === 0) return "None yet: write some, or import a CSV or JSON file.";
  const byCategory = new Map<string, number>();
  for (const q of questions) byCategory.set(q.category, (byCategory.get(q.category) ?? 0) + 1);
  const parts = [...byCategory].map(([category, n], i) => (
    <Fragment key={category}>
      {i > 0 && ", "}
      <bdi>{category}</bdi> ({n})
    </Fragment>
  ));
  return (
    <>
      {`${questions.length} question${questions.length === 1 ? "" : "s"}: `}
      {parts}.
    </>
  );
}

export default function OwnQuestions() {
  useSignals();
  const store = useStore();
  const isHost = store.isHost.value;
  const book = store.questionBook.value;
  const [open, setOpen] = useState(false);
  const [editing, setEditing] = useState<OwnQuestionView | null>(null);
  const [status, setStatus] = useState("");
  const loading = useRefusal();

  useEffect(() => {
    // A host who hands the role over keeps no copy of the answers on screen.
    if (!isHost) return void (store.questionBook.value = null);
    void loadBook(store).then((res) => loading.from(res, "Failed to load your questions"));
  }, [isHost]);

  if (!isHost) return null;
  const questions = book?.questions ?? [];
  const reload = async (done: string) => {
    const res = await loadBook(store);
    if (loading.from(res, "Failed to load your questions")) setStatus(done);
  };

  return (
    <section className="card stack own" aria-labelledby="own-title">
      <div className="row spread">
        <h2 id="own-title">Your Questions</h2>
        <button type="button" className="ghost" aria-expanded={open} aria-controls="own-body" onClick={() => setOpen(!open)}>
          {open ? "Hide" : "Write or import questions"}
        </button>
      </div>
      <p className="muted small-print">
        {book ? summary(questions) : "Loading…"} A tag with a category's name asks its questions first. Only you see the answers.
      </p>
      <Refusal message={loading.message} />
      <p className="small-print" role="status">
        {status}
      </p>
      {open && (
        <div id="own-body" className="stack">
          <QuestionForm
            key={editing?.id ?? "new"}
            editing={editing}
            categories={[...new Set([...(store.lobby.value?.settings.tags ?? []), ...questions.map((q) => q.category)])]}
            full={questions.length >= OWN_QUESTIONS_MAX}
            onDone={(done, id) => {
              setEditing(null);
              if (done) void reload(done);
              // Back to where the host was: the question just edited.
              if (id !== undefined) document.getElementById(`own-edit-${id}`)?.focus();
            }}
          />
          <QuestionFiles any={questions.length > 0} onImported={(done) => void reload(done)} />
          <QuestionList questions={questions} onEdit={setEditing} onDeleted={(done) => void reload(done)} />
        </div>
      )}
    </section>
  );
}
