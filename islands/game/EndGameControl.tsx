// End Game and its confirmation (docs/decisions.md "The game explains itself and forgives slips: the lobby, home page and host actions"): asks once, then stops the game for
// everyone. Rounds already judged are kept and shown in the summary; with none, every screen goes
// back to the lobby (docs/decisions.md). Loaded by the EndGame island for the host only.
import { api } from "../client/api";
import { useAction } from "../client/action";
import { useConfirm } from "../client/confirm";
import { Refusal } from "../client/refusal";

export default function EndGameControl({ played }: { played: number }) {
  const action = useAction();
  const confirm = useConfirm();

  // game-stopped (or game-ended) moves every screen on, this one included.
  const end = () => void action.run("Failed to end game", () => api("POST", "/api/lobby/endGame"));

  const body = played === 0 ? "No round has been scored yet, so everyone goes back to the lobby." : `Everyone sees the summary of the ${played} round${played === 1 ? "" : "s"} played so far, then you can return to the lobby.`;
  return (
    <div className="host-game-actions">
      <button type="button" className="danger" disabled={action.busy} onClick={() => confirm.ask({ title: "End the game for everyone?", body, action: "End Game", run: end })}>
        End Game
      </button>
      <Refusal message={action.message} />
      {confirm.dialog}
    </div>
  );
}
