// The centre of the game screen: one view per client phase (SPEC 4, "Game phases").
import { useSignals } from "@preact/signals-react/runtime";
import { useStore } from "./client/store";
import { AnsweredPhase } from "./game/AnsweredPhase";
import { IdlePhase } from "./game/IdlePhase";
import { QuestionPhase } from "./game/QuestionPhase";
import { ResultsPhase } from "./game/ResultsPhase";
import { SummaryPhase } from "./game/SummaryPhase";

const PHASES = { idle: IdlePhase, question: QuestionPhase, answered: AnsweredPhase, results: ResultsPhase, summary: SummaryPhase };

export default function GamePanel() {
  useSignals();
  const Phase = PHASES[useStore().phase.value];
  return (
    <section className="card panel" aria-label="Round">
      <Phase />
    </section>
  );
}
