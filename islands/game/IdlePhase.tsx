// Before a round: the host starts it from the host's controls (islands/HostControls.tsx), everyone else waits.
import { useSignals } from "@preact/signals-react/runtime";
import { useStore } from "../client/store";
import { roundNumber, totalRounds } from "./shared";
import { Waiting } from "./WaitingDots";

export function IdlePhase() {
  useSignals();
  const store = useStore();
  const lobby = store.lobby.value;
  return (
    <div className="stack center">
      <h2 className="big">
        Round {roundNumber(lobby)} of {totalRounds(lobby)}
      </h2>
      <p className="muted">Huddle with your team. Answers lock in once per team, or steal if you think the other team got it right.</p>
      {store.isHost.value ? <p className="muted">Start the round above when everyone is ready.</p> : <Waiting text="Waiting for host..." />}
    </div>
  );
}
