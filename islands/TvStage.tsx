// The shared screen's stage (/tv/CODE): what the whole room may see, big enough to read across it.
// The lobby's teams and who is here; in a round the question, a big countdown and which teams have
// locked (never what); then the round's results and the game's summary, as the players see them.
import { useSignals } from "@preact/signals-react/runtime";
import { TEAMS, type Team } from "../src/game/types";
import type { LobbyView } from "../src/game/views";
import { useStore } from "./client/store";
import { ResultsPhase } from "./game/ResultsPhase";
import { Summary } from "./game/Summary";
import { roundNumber, scoresOf, teamName, totalRounds } from "./game/shared";
import { Totals } from "./game/Totals";
import { Timer } from "./game/Timer";

function Roster({ lobby, team }: { lobby: LobbyView; team: Team }) {
  const players = team === "blue" ? lobby.blueTeam : lobby.redTeam;
  return (
    <section className={`card team ${team}-t stack`} aria-label={`${teamName(team)} team`}>
      <h2>
        {teamName(team)} Team ({players.length})
      </h2>
      <ul className="players">
        {players.map((p) => (
          <li key={p.id} className={`slot${p.connected ? "" : " off"}`}>
            <span className="who">
              {p.isCaptain && <span className="badge gold">CAPTAIN</span>}
              <bdi>{p.name}</bdi>
              {!p.connected && <span className="away">(away)</span>}
            </span>
          </li>
        ))}
        {players.length === 0 && <li className="muted">Nobody yet</li>}
      </ul>
    </section>
  );
}

function Round({ lobby }: { lobby: LobbyView }) {
  const game = lobby.gameState!;
  const round = game.currentRound;
  return (
    <div className="tv-round stack center">
      <p className="row tv-meta">
        <span className="badge gold">
          Round {roundNumber(lobby)} of {totalRounds(lobby)}
        </span>
        {round?.category && (
          <span className="badge" dir="auto">
            {round.category}
          </span>
        )}
      </p>
      <h2 className="tv-question" dir="auto">
        {round?.question}
      </h2>
      <div className="tv-countdown">
        <Timer />
      </div>
      <ul className="tv-locks" aria-label="Answers locked">
        {TEAMS.map((team) => (
          <li key={team} className={`result ${team[0]}`}>
            {`${teamName(team)}: ${game.locked[team] ? "locked in ✔" : "thinking..."}`}
          </li>
        ))}
      </ul>
    </div>
  );
}

export default function TvStage() {
  useSignals();
  const store = useStore();
  const lobby = store.lobby.value;
  if (!lobby) return null;
  const phase = store.phase.value;
  if (!lobby.gameState) {
    return (
      <div className="tv-lobby stack">
        <h2 className="big center-text">Waiting for the host to start the game...</h2>
        <div className="grid lobby">
          <Roster lobby={lobby} team="blue" />
          <Roster lobby={lobby} team="red" />
        </div>
      </div>
    );
  }
  return (
    <section className="card panel tv-panel" aria-label="Round">
      {/* The running score in every phase; the summary shows the final one itself. */}
      {phase !== "summary" && <Totals scores={scoresOf(lobby)} label="Scores" />}
      {phase === "results" ? <ResultsPhase /> : phase === "summary" ? <Summary /> : phase === "idle" ? <h2 className="big center-text">Round {roundNumber(lobby)} of {totalRounds(lobby)} is about to start</h2> : <Round lobby={lobby} />}
    </section>
  );
}
