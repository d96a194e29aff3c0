// A round's results: both teams' plays and points, who locked each, the correct answer, the winner
// line, and the host's ruling on a typed answer (Next Round is in the host's bar, islands/HostControls.tsx).
import { useSignals } from "@preact/signals-react/runtime";
import type { Team } from "../../src/game/types";
import type { RoundView } from "../../src/game/views";
import { useAction } from "../client/action";
import { api } from "../client/api";
import { Refusal } from "../client/refusal";
import { useStore } from "../client/store";
import { Play } from "./Play";
import { reasonLine } from "./reason";
import { lockedLine, playOf, pointsLine, teamName, winnerLine } from "./shared";
import { Waiting } from "./WaitingDots";

function TeamResult({ result, team, host }: { result: RoundView; team: Team; host: boolean }) {
  const play = playOf(result, team);
  const action = useAction();
  const typed = play.correct !== null;

  // The round-overruled event brings the new ruling and scores to every screen.
  const overrule = () => action.run("Failed to overrule", () => api("POST", "/api/lobby/overrule", { roundNumber: result.number, team, correct: !play.correct }));

  return (
    <div className={`result ${team[0]} stack`}>
      <h3>{teamName(team)}</h3>
      <div className="row">
        <Play result={result} team={team} />
        {typed && <span className={play.correct ? "ok" : "bad"}>{play.correct ? "✓ Correct" : "✗ Wrong"}</span>}
      </div>
      <span className="pts">{pointsLine(play.points)}</span>
      <p className="reason">{reasonLine(result, team)}</p>
      {play.lockedBy && (
        <p className="muted by">
          <bdi>{lockedLine(play.lockedBy)}</bdi>
        </p>
      )}
      {host && typed && (
        <button type="button" className="ghost small" disabled={action.busy} onClick={() => void overrule()}>
          {play.correct ? "Mark wrong" : "Mark correct"}
        </button>
      )}
      <Refusal message={action.message} />
    </div>
  );
}

export function ResultsPhase() {
  useSignals();
  const store = useStore();
  const result = store.lastResult.value;
  const host = store.isHost.value;
  const complete = store.lobby.value?.gameState?.phase === "complete";
  if (!result) return null;

  return (
    <div className="stack center">
      <h2 className="big">Round {result.number} Results</h2>
      <p className="muted" dir="auto">
        {result.question}
      </p>
      <div className="results">
        <TeamResult result={result} team="blue" host={host} />
        <TeamResult result={result} team="red" host={host} />
      </div>
      <p className="correct">
        Correct Answer: <strong dir="auto">{result.answer}</strong>
      </p>
      <p className={`winner w-${result.winner}`} role="status">
        {result.winner !== "tie" && <span aria-hidden="true">♛ </span>}
        {winnerLine(result.winner)}
      </p>
      {complete && (
        // The last results stay a while before the summary replaces them (SUMMARY_DELAY_MS); no one has to wait.
        <button type="button" className="ghost wide" onClick={() => (store.phase.value = "summary")}>
          See the summary
        </button>
      )}
      {/* The host's Next Round is with the host's other controls, at the top (islands/HostControls.tsx). */}
      {!complete && !host && <Waiting text="Waiting for host to start next round..." />}
    </div>
  );
}
