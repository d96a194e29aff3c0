// The open round as the quizmaster sees it (src/game/quizmaster-rules.ts): the question and the clock,
// and which teams have locked in, never an answer box; the teams answer, the quizmaster runs the game.
import { useSignals } from "@preact/signals-react/runtime";
import { TEAMS } from "../../src/game/types";
import { useStore } from "../client/store";
import { teamName } from "./shared";
import { Timer } from "./Timer";

export function QuizmasterRound() {
  useSignals();
  const game = useStore().lobby.value?.gameState;
  const round = game?.currentRound;
  return (
    <div className="stack">
      <div className="row spread">
        <span className="badge gold">Round {round?.number ?? game?.currentRoundNumber ?? 1}</span>
        {round?.category && <span className="badge">{round.category}</span>}
        <Timer />
      </div>
      <h2 className="question">{round?.question}</h2>
      <p className="muted">You are the quizmaster: the teams answer, you run the game.</p>
      <ul className="locks" aria-label="Answers locked">
        {TEAMS.map((team) => (
          <li key={team} className={`${team}-m`}>{`${teamName(team)}: ${game?.locked[team] ? "locked in" : "thinking..."}`}</li>
        ))}
      </ul>
    </div>
  );
}
