// My team has locked in; the round runs on until the other team answers or time is up.
import { useSignals } from "@preact/signals-react/runtime";
import { useStore } from "../client/store";
import { Timer } from "./Timer";
import { Waiting } from "./WaitingDots";

export function AnsweredPhase() {
  useSignals();
  const store = useStore();
  const lock = store.myLock.value;
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
        lock && <p className="locked question">“{lock.answer}”</p>
      )}
      <Waiting text="Waiting for the other team..." />
    </div>
  );
}
