// My team has locked in; the round runs on until the other team answers or time is up.
import { useSignals } from "@preact/signals-react/runtime";
import { useStore } from "../client/store";
import { Timer } from "./Timer";
import { Waiting } from "./WaitingDots";

export function AnsweredPhase() {
  useSignals();
  const store = useStore();
  const lock = store.myLock.value;
  // A teammate may have locked first: say who, so nobody wonders why their own answer is not shown.
  const by = lock?.playerId && lock.playerId !== store.meId.value ? store.players.value.find((p) => p.id === lock.playerId)?.name : undefined;
  return (
    <div className="stack center">
      <Timer />
      <h2 className="big">
        <span aria-hidden="true">✔ </span>Answer locked
      </h2>
      {lock?.isSteal ? (
        <p className="locked">
          <span className="badge gold">STEAL</span> You chose to steal
        </p>
      ) : (
        lock && (
          <p className="locked question">
            “<bdi>{lock.answer}</bdi>”
          </p>
        )
      )}
      {by && (
        <p className="muted">
          Locked in by <bdi>{by}</bdi>
        </p>
      )}
      <Waiting text="Waiting for the other team..." />
    </div>
  );
}
