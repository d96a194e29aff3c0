// A lobby page opened while seated in another lobby (a link, a QR code): nothing happens until the
// player says which (docs/decisions.md "Keeping strangers out"). Leaving gives the old seat up and
// opens the join dialog of this lobby; going back keeps it.
import { useSignals } from "@preact/signals-react/runtime";
import { useRef } from "react";
import { useAction } from "./client/action";
import { api } from "./client/api";
import { useFocusTrap } from "./client/focus-trap";
import { go } from "./client/navigate";
import { Refusal, UNREACHABLE } from "./client/refusal";
import { useStore } from "./client/store";
import { clearSession } from "./client/token";

export default function LobbySwitch() {
  useSignals();
  const store = useStore();
  const ask = store.switchAsk.value;
  const action = useAction();
  const box = useRef<HTMLDivElement>(null);
  const stay = () => ask && go(`/lobby/${ask.from}`);
  // Escape keeps the seat, like the button that goes back.
  useFocusTrap(box, ask !== null, stay);

  async function leave() {
    // No answer is the network: the seat may still be there, so nothing is dropped. A refusal means
    // the seat or its lobby is already gone: there is nothing left to give up.
    const res = await action.run(UNREACHABLE, () => api("POST", "/api/lobby/leave").then((res) => ({ ...res, success: res.status !== 0 })), { leaving: true });
    if (!res.success) return;
    clearSession();
    go(`/?join=${store.code}`);
  }

  if (!ask) return null;
  return (
    <div className="dialog-back">
      <div ref={box} className="card dialog stack" role="dialog" aria-modal="true" aria-labelledby="switch-title" aria-describedby="switch-text">
        <h2 id="switch-title">Leave lobby {ask.from}?</h2>
        <p id="switch-text">
          You are in lobby {ask.from} as <bdi>{ask.name}</bdi>. Leave it and join {store.code}?
        </p>
        <div className="row spread">
          <button type="button" className="ghost" disabled={action.busy} onClick={stay}>
            Back to {ask.from}
          </button>
          <button type="button" className="danger" disabled={action.busy} onClick={() => void leave()}>
            Leave and join {store.code}
          </button>
        </div>
        <Refusal message={action.message} />
      </div>
    </div>
  );
}
