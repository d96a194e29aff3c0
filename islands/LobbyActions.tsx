// The lobby's exits and its start (SPEC 2 "Lobby", 6, 8): the host ends the lobby or starts the
// game once both teams have a captain (DESIGN 3); everyone else may leave. Failures are only logged.
import { useSignals } from "@preact/signals-react/runtime";
import { useState } from "react";
import { api } from "./client/api";
import { go } from "./client/navigate";
import { navigateOnce } from "./client/session";
import { useConnection } from "./client/socket-context";
import { Refusal, useRefusal } from "./client/refusal";
import { useStore } from "./client/store";
import { clearSession } from "./client/token";

export default function LobbyActions() {
  useSignals();
  const store = useStore();
  const connection = useConnection();
  const [busy, setBusy] = useState(false);
  const refusal = useRefusal();
  const lobby = store.lobby.value;
  // The spec's 'all captains chosen' flag.
  const allCaptainsChosen = Boolean(lobby?.captains.blue && lobby?.captains.red);

  async function call(fallback: string, path: string): Promise<boolean> {
    setBusy(true);
    const res = await refusal.call(fallback, () => api("POST", path));
    setBusy(false);
    return res.success;
  }

  async function leave() {
    await call("Failed to leave lobby", "/api/lobby/leave");
    // Leaving goes home even when the call fails: a stale seat is the server's to clean up.
    clearSession();
    go("/");
  }

  async function end() {
    if (!(await call("Failed to end lobby", "/api/lobby/end"))) return;
    clearSession();
    go("/");
  }

  async function start() {
    // game-started moves everyone. Only a host whose connection is down goes on its own: a second
    // navigation to the same page would abort the one the event started.
    if ((await call("Failed to start game", "/api/lobby/start")) && connection.value?.state.value !== "online") navigateOnce(store, `/game/${store.code}`);
  }

  if (!store.isHost.value) {
    return (
      <div className="lobby-actions">
        <button type="button" className="danger" disabled={busy} onClick={leave}>
          Leave Lobby
        </button>
        <Refusal message={refusal.message} />
      </div>
    );
  }
  return (
    <div className="lobby-actions">
      <button type="button" className="danger" disabled={busy} onClick={end}>
        End Lobby
      </button>
      {/* The shared screen for a TV or laptop: it needs no seat, so a new tab of this browser will do. */}
      <a className="button ghost" href={`/tv/${store.code}`} target="_blank" rel="noopener">
        Open TV screen
      </a>
      {/* The condition is not shown on screen (SPEC 2), but screen readers hear why it waits. */}
      <button type="button" className="primary" disabled={busy || !allCaptainsChosen} aria-describedby={allCaptainsChosen ? undefined : "start-hint"} onClick={start}>
        Start Game
      </button>
      {!allCaptainsChosen && (
        <span id="start-hint" className="sr-only">
          Both teams need a captain
        </span>
      )}
      <Refusal message={refusal.message} />
    </div>
  );
}
