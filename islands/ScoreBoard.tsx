// Scores for both teams. Large screens get a panel per team with its roster either side of the
// round; small screens a compact score bar above it. Names and labels carry the team, not colour alone.
import { useSignals } from "@preact/signals-react/runtime";
import type { Team } from "../src/game/types";
import type { PlayerView } from "../src/game/views";
import { useStore } from "./client/store";
import { scoresOf, teamName } from "./game/shared";

function Score({ team, score, mine }: { team: Team; score: number; mine: boolean }) {
  return (
    <div className={`score ${team[0]}`}>
      <span>
        {teamName(team)} {mine && <span className="badge">YOU</span>}
      </span>
      <strong>{score}</strong>
    </div>
  );
}

function Roster({ team, score, players, meId }: { team: Team; score: number; players: PlayerView[]; meId: string | null }) {
  return (
    <aside className={`card team ${team}-t wide-only side-${team[0]}`} aria-label={`${teamName(team)} team`}>
      <Score team={team} score={score} mine={false} />
      <ul className="players">
        {players.map((p) => (
          <li key={p.id} className={`slot${p.connected ? "" : " off"}`}>
            <span className="who">
              <bdi>{p.name}</bdi>
              {p.isCaptain && <span className="badge gold">CAPTAIN</span>}
              {p.id === meId && <span className="badge">YOU</span>}
              {!p.connected && <span className="away">(away)</span>}
            </span>
          </li>
        ))}
      </ul>
    </aside>
  );
}

/**
 * Who is here and who is away, on phones too (the rosters beside the round are for wide screens),
 * one line per team under the team's name, so the teams are told apart in words, not by dot colour.
 */
function Presence({ team, players }: { team: Team; players: PlayerView[] }) {
  return (
    <div className={`presence-team ${team}-m`}>
      <span className="presence-title">{teamName(team)}:</span>
      <ul className="presence" aria-label={`${teamName(team)} team players`}>
        {players.map((p) => (
          <li key={p.id} className={`${p.team}-m${p.connected ? "" : " away"}`}>
            <span className="dot" aria-hidden="true" />
            <bdi>{p.name}</bdi>
            {!p.connected && " (away)"}
          </li>
        ))}
      </ul>
    </div>
  );
}

export default function ScoreBoard() {
  useSignals();
  const store = useStore();
  const lobby = store.lobby.value;
  const scores = scoresOf(lobby);
  const myTeam = store.me.value?.team;
  const meId = store.meId.value;
  return (
    <>
      <div className="compact" role="group" aria-label="Scores">
        <div className="scores">
          <Score team="blue" score={scores.blue} mine={myTeam === "blue"} />
          <Score team="red" score={scores.red} mine={myTeam === "red"} />
        </div>
        <Presence team="blue" players={lobby?.blueTeam ?? []} />
        <Presence team="red" players={lobby?.redTeam ?? []} />
      </div>
      <Roster team="blue" score={scores.blue} players={lobby?.blueTeam ?? []} meId={meId} />
      <Roster team="red" score={scores.red} players={lobby?.redTeam ?? []} meId={meId} />
    </>
  );
}
