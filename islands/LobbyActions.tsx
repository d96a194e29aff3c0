// The lobby's exits and its start (docs/pages.md "Lobby"): the host ends the lobby or starts the
// game once both teams have a player (docs/rules.md "Starting a game"); everyone else may leave. Ending and leaving ask
// once first, Start Game says why it waits and saves unsaved settings before it starts
// (docs/decisions.md "The game explains itself and forgives slips: the lobby, home page and host actions"). Refusals show here.
import { useSignals } from "@preact/signals-react/runtime";
import { useAction } from "./client/action";
import { api } from "./client/api";
import { useConfirm } from "./client/confirm";
import { navigateOnce } from "./client/session";
import { useConnection } from "./client/socket-context";
import { Refusal } from "./client/refusal";
import { saveSettingsDraft } from "./client/settings-draft";
import { useStore } from "./client/store";
import { clearSession } from "./client/token";
import type { LobbyView } from "../src/game/views";
import { startWaitsFor } from "../src/game/captain-rules";
import { duelWaits } from "../src/game/duels/duel-rules";
import { tournamentWaits } from "../src/game/tournament/tournament-rules";

/** Why Start Game waits, in words beside it (the rules' own reason: captain-rules.ts, a Duel's duel-rules.ts); null when it can start. */
const startReason = (lobby: LobbyView | null) => (lobby?.mode === "tournament" ? tournamentWaits(lobby) : lobby?.mode ? duelWaits(lobby) : startWaitsFor({ blue: lobby?.blueTeam.length ?? 0, red: lobby?.redTeam.length ?? 0 }));

export default function LobbyActions() {
  useSignals();
  const store = useStore();
  const connection = useConnection();
  const action = useAction();
  const confirm = useConfirm();
  const waitsFor = startReason(store.lobby.value);

  const call = async (fallback: string, path: string) => (await action.run(fallback, () => api("POST", path))).success;

  async function leave() {
    await call("Failed to leave lobby", "/api/lobby/leave");
    // Leaving goes home even when the call fails: a stale seat is the server's to clean up.
    clearSession();
    navigateOnce(store, "/");
  }

  async function end() {
    if (!(await call("Failed to end lobby", "/api/lobby/end"))) return;
    clearSession();
    // Once: the lobby's end may have sent the page home already (session.ts).
    navigateOnce(store, "/");
  }

  async function start() {
    if (!(await saveSettingsDraft(store, action))) return;
    // game-started moves everyone. Only a host whose connection is down goes on its own: a second
    // navigation to the same page would abort the one the event started.
    if ((await call("Failed to start game", "/api/lobby/start")) && connection.value?.state.value !== "online") navigateOnce(store, `/game/${store.code}`);
  }

  if (!store.isHost.value) {
    const seat = store.lobby.value?.mode ? "your seat" : "your seat on your team";
    const askLeave = () => confirm.ask({ title: "Leave the lobby?", body: `You give up ${seat}. To play again, join with the code as a new player.`, action: "Leave Lobby", run: () => void leave() });
    return (
      <div className="lobby-actions">
        <button type="button" className="danger" disabled={action.busy} onClick={askLeave}>
          Leave Lobby
        </button>
        <Refusal message={action.message} />
        {confirm.dialog}
      </div>
    );
  }
  const askEnd = () => confirm.ask({ title: "End the lobby for everyone?", body: "Every player is sent home and the lobby's own questions are deleted.", action: "End Lobby", run: () => void end() });
  return (
    <div className="lobby-actions">
      <button type="button" className="danger" disabled={action.busy} onClick={askEnd}>
        End Lobby
      </button>
      {/* The shared screen for a TV or laptop: it needs no seat, so a new tab of this browser will do. */}
      <a className="button ghost" href={`/tv/${store.code}`} target="_blank" rel="noopener">
        Open TV screen
      </a>
      <div className="start">
        <button type="button" className="primary" disabled={action.busy || waitsFor !== null} aria-describedby={waitsFor ? "start-hint" : undefined} onClick={start}>
          Start Game
        </button>
        {waitsFor && (
          <span id="start-hint" className="hint">
            {waitsFor}
          </span>
        )}
      </div>
      <Refusal message={action.message} />
      {confirm.dialog}
    </div>
  );
}
