// The host's way out of a running game (DESIGN 3, "forgives slips"): "End Game" asks once, then stops
// the game for everyone. Rounds already judged are kept and shown in the summary; with none, every
// screen goes back to the lobby (docs/decisions.md). Not shown once the game is over: the summary's
// Return to Lobby is the way on from there.
import { useSignals } from "@preact/signals-react/runtime";
import { useState } from "react";
import { api } from "./client/api";
import { useConfirm } from "./client/confirm";
import { Refusal, useRefusal } from "./client/refusal";
import { useStore } from "./client/store";

export default function EndGame() {
  useSignals();
  const store = useStore();
  const [busy, setBusy] = useState(false);
  const refusal = useRefusal();
  const confirm = useConfirm();
  const game = store.lobby.value?.gameState;
  if (!store.isHost.value || !game || game.phase === "complete" || store.phase.value === "summary") return null;
  const played = game.rounds.length;

  async function end() {
    setBusy(true);
    // game-stopped (or game-ended) moves every screen on, this one included.
    await refusal.call("Failed to end game", () => api("POST", "/api/lobby/endGame"));
    setBusy(false);
  }

  const body = played === 0 ? "No round has been scored yet, so everyone goes back to the lobby." : `Everyone sees the summary of the ${played} round${played === 1 ? "" : "s"} played so far, then you can return to the lobby.`;
  return (
    <div className="host-game-actions">
      <button type="button" className="danger" disabled={busy} onClick={() => confirm.ask({ title: "End the game for everyone?", body, action: "End Game", run: () => void end() })}>
        End Game
      </button>
      <Refusal message={refusal.message} />
      {confirm.dialog}
    </div>
  );
}
