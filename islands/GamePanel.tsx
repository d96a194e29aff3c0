// The centre of the game screen: one view per client phase (SPEC 4, "Game phases").
import { useSignals } from "@preact/signals-react/runtime";
import { useRef } from "react";
import { useStore } from "./client/store";
import { AnsweredPhase } from "./game/AnsweredPhase";
import { IdlePhase } from "./game/IdlePhase";
import { Locks } from "./game/Locks";
import { PhaseChange } from "./game/PhaseChange";
import { QuestionPhase } from "./game/QuestionPhase";
import { QuizmasterRound } from "./game/QuizmasterRound";
import { ResultsPhase } from "./game/ResultsPhase";
import { SummaryPhase } from "./game/SummaryPhase";

const PHASES = { idle: IdlePhase, question: QuestionPhase, answered: AnsweredPhase, results: ResultsPhase, summary: SummaryPhase };

export default function GamePanel() {
  useSignals();
  const store = useStore();
  const phase = store.phase.value;
  // The quizmaster (a host on no team) watches the open round instead of answering it.
  const Phase = store.me.value?.team === null && phase === "question" ? QuizmasterRound : PHASES[phase];
  const panel = useRef<HTMLElement>(null);
  return (
    <section ref={panel} className="card panel" aria-label="Round">
      <Phase />
      <Locks />
      <PhaseChange phase={phase} panel={panel} />
    </section>
  );
}
