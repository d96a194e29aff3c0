// Before the first round: the host starts it, everyone else waits.
import { useSignals } from "@preact/signals-react/runtime";
import { useAction } from "../client/action";
import { Refusal } from "../client/refusal";
import { useStore } from "../client/store";
import { roundNumber, startRound, totalRounds } from "./shared";
import { Waiting } from "./WaitingDots";

export function IdlePhase() {
  useSignals();
  const store = useStore();
  const action = useAction();
  const lobby = store.lobby.value;

  // Success needs no action here: the round-started event moves every screen on.
  const start = () => action.run("Failed to start round", () => startRound(store.code, (lobby?.gameState?.currentRoundNumber ?? 0) + 1));

  return (
    <div className="stack center">
      <h2 className="big">
        Round {roundNumber(lobby)} of {totalRounds(lobby)}
      </h2>
      <p className="muted">Huddle with your team. Answers lock in once per team, or steal if you think the other team got it right.</p>
      {store.isHost.value ? (
        <button type="button" className="primary wide" disabled={action.busy} onClick={() => void start()}>
          Start Round
        </button>
      ) : (
        <Waiting text="Waiting for host..." />
      )}
      <Refusal message={action.message} />
    </div>
  );
}
