// The centre of the game screen: one view per client phase (docs/pages.md "Phases").
import { useSignals } from "@preact/signals-react/runtime";
import { lazy, Suspense } from "react";
import { useStore } from "./client/store";
import { AnsweredPhase } from "./game/AnsweredPhase";
import { IdlePhase } from "./game/IdlePhase";
import { Locks } from "./game/Locks";
import { PhaseChange } from "./game/PhaseChange";
import { phaseNews } from "./game/phase-news";
import { QuestionPhase } from "./game/QuestionPhase";
import { ResultsPhase } from "./game/ResultsPhase";
import { Summary } from "./game/Summary";

// Only the quizmaster (the host, on no team) ever sees it, so it loads on demand and no other phone
// downloads it (docs/decisions.md, "The game page's JavaScript under its budget").
const QuizmasterRound = lazy(() => import("./game/QuizmasterRound").then((m) => ({ default: m.QuizmasterRound })));

const PHASES = { idle: IdlePhase, question: QuestionPhase, answered: AnsweredPhase, results: ResultsPhase, summary: Summary };

export default function GamePanel() {
  useSignals();
  const store = useStore();
  const phase = store.phase.value;
  // The quizmaster (a host on no team) watches the open round instead of answering it.
  const quizmaster = store.me.value?.team === null && phase === "question";
  const Phase = PHASES[phase];
  return (
    <section className="card panel" aria-label="Round">
      {quizmaster ? (
        <Suspense fallback={null}>
          <QuizmasterRound />
        </Suspense>
      ) : (
        <Phase />
      )}
      <Locks />
      <PhaseChange phase={phase} news={phaseNews} />
    </section>
  );
}
