// The host's lock on the lobby (docs/decisions.md "Keeping strangers out"): shown to everyone in
// the lobby and on the TV while locked; the host's page has the switch. Locking is also how a kicked
// player is kept out.
import { useSignals } from "@preact/signals-react/runtime";
import { useAction } from "./client/action";
import { api, type Answers } from "./client/api";
import { Refusal } from "./client/refusal";
import { useStore } from "./client/store";

export default function LobbyLock({ screen }: { screen?: "tv" }) {
  useSignals();
  const store = useStore();
  const action = useAction();
  const locked = Boolean(store.lobby.value?.locked);
  const host = screen !== "tv" && store.isHost.value;

  // The lobby-locked event updates every screen, this one included.
  const toggle = () => action.run(locked ? "Failed to unlock the lobby" : "Failed to lock the lobby", () => api<Answers["locked"]>("POST", "/api/lobby/lock", { locked: !locked }));

  return (
    <div className="lobby-lock stack">
      <p className={locked ? "lock-state locked" : "lock-state muted"} role="status">
        {locked ? "Lobby locked: no one new can join" : host ? "Anyone with the code can join" : null}
      </p>
      {host && (
        <button type="button" className="ghost" disabled={action.busy} onClick={() => void toggle()}>
          {locked ? "Unlock lobby" : "Lock lobby"}
        </button>
      )}
      <Refusal message={action.message} />
    </div>
  );
}
