// The ?join={code} flow: look the lobby up, ask for a name, join. The parameter is then cleared.
// A device that still holds a seat in that lobby is offered its way back instead (docs/decisions.md "The game explains itself and forgives slips: the lobby, home page and host actions").
import { useEffect, useRef, useState } from "react";
import { NAME_MAX } from "../src/game/settings";
import { useAction } from "./client/action";
import { api } from "./client/api";
import { useFocusTrap } from "./client/focus-trap";
import { BackToSeat, useHeldSeat } from "./client/held-seat";
import { joinLobby } from "./client/join";
import { Refusal } from "./client/refusal";

export default function JoinDialog() {
  const [code, setCode] = useState<string | null>(null);
  const [name, setName] = useState("");
  const action = useAction();
  const box = useRef<HTMLFormElement>(null);
  const seat = useHeldSeat();
  const back = seat && seat.code === code ? seat : null;
  // Escape cancels, like the Cancel button.
  useFocusTrap(box, code !== null, () => setCode(null));

  useEffect(() => {
    const url = new URL(window.location.href);
    const wanted = url.searchParams.get("join")?.trim().toUpperCase();
    if (!wanted) return;
    url.searchParams.delete("join");
    window.history.replaceState(null, "", url.pathname + url.search + url.hash);
    void api("GET", `/api/lobby/${encodeURIComponent(wanted)}`, undefined, false).then((res) => {
      // 401/403 still mean the lobby is there; only its details are withheld.
      if (res.success || res.status === 401 || res.status === 403) setCode(wanted);
    });
  }, []);

  if (!code) return null;
  return (
    <div className="dialog-back">
      <form
        ref={box}
        className="card dialog stack"
        role="dialog"
        aria-modal="true"
        aria-labelledby="join-dialog-title"
        onSubmit={async (e) => {
          e.preventDefault();
          if (!name.trim() || action.busy) return;
          await action.run("Failed to join lobby", () => joinLobby(code, name), { leaving: true });
        }}
      >
        <h2 id="join-dialog-title">Join Lobby</h2>
        {back ? (
          <p className="muted">This device still has a seat in lobby {code}.</p>
        ) : (
          <>
            <p className="muted">Enter your name to join lobby {code}.</p>
            <input aria-label="Your name" placeholder="Enter your name" maxLength={NAME_MAX} value={name} onChange={(e) => setName(e.target.value.slice(0, NAME_MAX))} />
          </>
        )}
        <div className="row spread">
          <button type="button" className="ghost" onClick={() => setCode(null)}>
            Cancel
          </button>
          {back ? (
            <BackToSeat seat={back} />
          ) : (
            <button type="submit" className="primary" disabled={!name.trim() || action.busy}>
              Join
            </button>
          )}
        </div>
        <Refusal message={action.message} />
      </form>
    </div>
  );
}
