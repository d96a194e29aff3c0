// A round's results: both teams' plays and points, the correct answer, the winner line, and the
// host's controls (next round, overruling the judge on a typed answer).
import { useSignals } from "@preact/signals-react/runtime";
import { useState } from "react";
import type { Team } from "../../src/game/types";
import type { RoundView } from "../../src/game/views";
import { api } from "../client/api";
import { Refusal, useRefusal } from "../client/refusal";
import { useStore } from "../client/store";
import { Play } from "./Play";
import { reasonLine } from "./reason";
import { playOf, startRound, teamName, winnerLine } from "./shared";
import { Waiting } from "./WaitingDots";

function TeamResult({ result, team, host }: { result: RoundView; team: Team; host: boolean }) {
  const play = playOf(result, team);
  const [busy, setBusy] = useState(false);
  const refusal = useRefusal();
  const typed = play.correct !== null;

  async function overrule() {
    setBusy(true);
    // The round-overruled event brings the new ruling and scores to every screen.
    await refusal.call("Failed to overrule", () => api("POST", "/api/lobby/overrule", { roundNumber: result.number, team, correct: !play.correct }));
    setBusy(false);
  }

  return (
    <div className={`result ${team[0]} stack`}>
      <h3>{teamName(team)}</h3>
      <div className="row">
        <Play result={result} team={team} />
        {typed && <span className={play.correct ? "ok" : "bad"}>{play.correct ? "✓ Correct" : "✗ Wrong"}</span>}
      </div>
      <span className="pts">+{play.points} points</span>
      <p className="reason">{reasonLine(result, team)}</p>
      {host && typed && (
        <button type="button" className="ghost small" disabled={busy} onClick={() => void overrule()}>
          {play.correct ? "Mark wrong" : "Mark correct"}
        </button>
      )}
      <Refusal message={refusal.message} />
    </div>
  );
}

export function ResultsPhase() {
  useSignals();
  const store = useStore();
  const [busy, setBusy] = useState(false);
  const refusal = useRefusal();
  const result = store.lastResult.value;
  const host = store.isHost.value;
  const complete = store.lobby.value?.gameState?.phase === "complete";
  if (!result) return null;
  const nextRound = result.number + 1;

  async function next() {
    if (!store.isHost.value) return;
    setBusy(true);
    await refusal.call("Failed to start next round", () => startRound(store.code, nextRound));
    setBusy(false);
  }

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
      {!complete &&
        (host ? (
          <button type="button" className="primary wide" disabled={busy} onClick={() => void next()}>
            Next Round
          </button>
        ) : (
          <Waiting text="Waiting for host to start next round..." />
        ))}
      <Refusal message={refusal.message} />
    </div>
  );
}
