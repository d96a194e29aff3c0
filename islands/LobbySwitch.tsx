// A lobby page opened while seated in another lobby (a link, a QR code): nothing happens until the
// player says which (DESIGN 3, "Keeping strangers and spies out"). Leaving gives the old seat up and
// opens the join dialog of this lobby; going back keeps it.
import { useSignals } from "@preact/signals-react/runtime";
import { useRef, useState } from "react";
import { api } from "./client/api";
import { useFocusTrap } from "./client/focus-trap";
import { go } from "./client/navigate";
import { Refusal } from "./client/refusal";
import { useStore } from "./client/store";
import { clearSession } from "./client/token";

export default function LobbySwitch() {
  useSignals();
  const store = useStore();
  const ask = store.switchAsk.value;
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const box = useRef<HTMLDivElement>(null);
  const stay = () => ask && go(`/lobby/${ask.from}`);
  // Escape keeps the seat, like the button that goes back.
  useFocusTrap(box, ask !== null, stay);

  async function leave() {
    setBusy(true);
    const res = await api("POST", "/api/lobby/leave");
    // No answer is the network: the seat may still be there, so nothing is dropped. A refusal means
    // the seat or its lobby is already gone: there is nothing left to give up.
    if (res.status === 0) {
      setBusy(false);
      return setRefusal("Could not reach the server. Check your connection and try again.");
    }
    clearSession();
    go(`/?join=${store.code}`);
  }

  if (!ask) return null;
  return (
    <div className="dialog-back">
      <div ref={box} className="card dialog stack" role="dialog" aria-modal="true" aria-labelledby="switch-title" aria-describedby="switch-text">
        <h2 id="switch-title">Leave lobby {ask.from}?</h2>
        <p id="switch-text">
          You are in lobby {ask.from} as {ask.name}. Leave it and join {store.code}?
        </p>
        <div className="row spread">
          <button type="button" className="ghost" disabled={busy} onClick={stay}>
            Back to {ask.from}
          </button>
          <button type="button" className="danger" disabled={busy} onClick={() => void leave()}>
            Leave and join {store.code}
          </button>
        </div>
        <Refusal message={refusal} />
      </div>
    </div>
  );
}
