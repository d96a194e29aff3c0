// The host's bar of game controls (islands/HostControls.tsx loads it for the host alone). Each call
// names the round it means, so a retried tap cannot act on the next one (docs/decisions.md "Stale
// commands"); what it changes comes back to every screen as events, this one included.
import { useSignals } from "@preact/signals-react/runtime";
import { useAction } from "../client/action";
import { api } from "../client/api";
import { Refusal } from "../client/refusal";
import { useStore } from "../client/store";
import EndGameControl from "./EndGameControl";
import { startRound } from "./shared";

/** What +30 s adds: within the 10-60 s a call may add (src/game/host-controls.ts). */
const MORE_TIME_S = 30;

export default function HostBar() {
  useSignals();
  const store = useStore();
  const action = useAction();
  const game = store.lobby.value?.gameState;
  if (!game) return null;
  const paused = Boolean(game.paused);
  const number = game.currentRoundNumber;
  const open = game.phase === "question" && game.currentRound !== null;
  const next = number + 1;
  const run = (fallback: string, path: string, body: unknown) => void action.run(fallback, () => api("POST", path, body));

  return (
    <section className="card host-bar" aria-label="Host controls">
      <div className="host-bar-buttons">
        {game.phase === "idle" && (
          <button type="button" className="primary" disabled={action.busy || paused} onClick={() => void action.run("Failed to start round", () => startRound(store.code, next))}>
            Start Round
          </button>
        )}
        {game.phase === "results" && (
          <button type="button" className="primary" disabled={action.busy || paused} onClick={() => void action.run("Failed to start next round", () => startRound(store.code, next))}>
            Next Round
          </button>
        )}
        <button type="button" className={paused ? "primary" : "ghost"} disabled={action.busy} onClick={() => run(paused ? "Failed to resume" : "Failed to pause", "/api/lobby/pause", { paused: !paused })}>
          {paused ? "Resume" : "Pause"}
        </button>
        {open && (
          <>
            <button type="button" className="ghost" disabled={action.busy} onClick={() => run("Failed to skip the question", "/api/lobby/skipQuestion", { roundNumber: number })}>
              Skip
            </button>
            <button type="button" className="ghost" disabled={action.busy} onClick={() => run("Failed to add time", "/api/lobby/addTime", { roundNumber: number, seconds: MORE_TIME_S })}>
              +{MORE_TIME_S} s
            </button>
          </>
        )}
        {game.phase !== "complete" && <EndGameControl played={game.rounds.length} />}
      </div>
      <Refusal message={action.message} />
    </section>
  );
}
