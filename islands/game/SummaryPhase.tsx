// The end of the game: final scores, the overall winner, every round at a glance, and the host's
// way back to the lobby.
import { useSignals } from "@preact/signals-react/runtime";
import type { MouseEvent } from "react";
import type { Team } from "../../src/game/types";
import type { RoundView } from "../../src/game/views";
import { useAction } from "../client/action";
import { api } from "../client/api";
import { Refusal } from "../client/refusal";
import { useStore } from "../client/store";
import { Play } from "./Play";
import { winnerOf, playOf, scoresOf, teamName, winnerLine } from "./shared";
import { Totals } from "./Totals";
import { Waiting } from "./WaitingDots";

function TeamLine({ result, team }: { result: RoundView; team: Team }) {
  const { correct, points, overruled } = playOf(result, team);
  return (
    <div className={`line ${team[0]}`}>
      <b>{teamName(team)}:</b> <Play result={result} team={team} /> {correct !== null && <span className={correct ? "ok" : "bad"}>{correct ? "✓ right" : "✗ wrong"}</span>}{" "}
      <span className="gain">+{points}</span>
      {overruled && <span className="muted"> (overruled by host)</span>}
      {result.winner === team && (
        <span role="img" aria-label={`${teamName(team)} won this round`} className="trophy">
          ♛
        </span>
      )}
    </div>
  );
}

export function SummaryPhase() {
  useSignals();
  const store = useStore();
  const action = useAction();
  const lobby = store.lobby.value;
  const scores = scoresOf(lobby);
  const rounds = lobby?.gameState?.rounds ?? [];
  const winner = winnerOf(scores);

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
    <div className="stack center summary-phase">
      <h2 className="big">Game Complete!</h2>
      <Totals scores={scores} />
      <p className={`winner w-${winner}`} role="status">
        {winner !== "tie" && <span aria-hidden="true">♛ </span>}
        {winnerLine(winner)}
      </p>
      <h3>Round Summary</h3>
      <ol className="summary" tabIndex={0} aria-label="Round Summary">
        {rounds.map((r) => (
          <li key={r.number} className="round">
            <span className="muted">Round {r.number}</span>
            <span className="q" dir="auto">
              {r.question}
            </span>
            <span className="a">
              Answer: <strong dir="auto">{r.answer}</strong>
            </span>
            <TeamLine result={r} team="blue" />
            <TeamLine result={r} team="red" />
            {r.winner === "tie" && <span className="muted tie">Tie</span>}
          </li>
        ))}
      </ol>
      {/* The shared screen is for looking at: files are kept from a phone or laptop. */}
      {store.page !== "tv" && (
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
    </div>
  );
}
