// The end of every summary, whatever the mode (Teams' SummaryPhase.tsx, a Duel's islands/duels/):
// the results to download (not on the shared screen) and the host's way back to the lobby.
import { useSignals } from "@preact/signals-react/runtime";
import type { MouseEvent } from "react";
import { useAction } from "../client/action";
import { api } from "../client/api";
import { Refusal } from "../client/refusal";
import { useStore } from "../client/store";
import { Waiting } from "./WaitingDots";

export function SummaryEnd() {
  useSignals();
  const store = useStore();
  const action = useAction();
  const tv = store.page === "tv";

  function back() {
    // The lobby-returned event takes every screen, this one included, back to the lobby.
    if (store.isHost.value) void action.run("Failed to return to lobby", () => api("POST", "/api/lobby/returnToLobby"));
  }

  /**
   * The results need the player's seat (the session), which a plain link cannot send. The download
   * code loads on the click: most phones never press it (docs/decisions.md, "The game page's
   * JavaScript under its budget").
   */
  async function download(event: MouseEvent<HTMLAnchorElement>, format: "csv" | "json") {
    event.preventDefault();
    const href = event.currentTarget.href;
    const { downloadWithSession } = await import("../client/download");
    action.from(await downloadWithSession(href, `stealmate-results.${format}`), "Failed to download the results");
  }

  return (
    <>
      {/* The shared screen is for looking at: files are kept from a phone or laptop. */}
      {!tv && (
        <p className="row downloads">
          {/* The server writes the files; the page fetches them with the player's session. */}
          <a className="button ghost" href={`/api/lobby/${store.code}/results/csv`} download onClick={(e) => void download(e, "csv")}>
            Download results (CSV)
          </a>
          <a className="button ghost" href={`/api/lobby/${store.code}/results/json`} download onClick={(e) => void download(e, "json")}>
            Download results (JSON)
          </a>
        </p>
      )}
      {store.isHost.value ? (
        <button type="button" className="primary wide" disabled={action.busy} onClick={back}>
          Return to Lobby
        </button>
      ) : (
        <Waiting text="Waiting for host to return to lobby..." />
      )}
      <Refusal message={action.message} />
    </>
  );
}
