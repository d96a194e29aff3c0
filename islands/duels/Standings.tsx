// A Duel's standings (docs/rules.md "Duels": points, then steals that paid off) and, at the end, its
// podium: the first three on steps, then everyone in a table.
import type { Standing } from "../../src/game/duels/standings";

const PLACES = ["1st", "2nd", "3rd"];

export function StandingsTable({ standings, meId, title = "Standings" }: { standings: Standing[]; meId: string | null; title?: string }) {
  return (
    <table className="standings">
      <caption>{title}</caption>
      <thead>
        <tr>
          <th scope="col">#</th>
          <th scope="col">Player</th>
          <th scope="col">Points</th>
          <th scope="col">Steals won</th>
        </tr>
      </thead>
      <tbody>
        {standings.map((s, i) => (
          <tr key={s.playerId} className={s.playerId === meId ? "mine" : undefined}>
            <td>{i + 1}</td>
            <th scope="row">
              <bdi>{s.name}</bdi>
              {s.playerId === meId && <span className="badge you">YOU</span>}
            </th>
            <td>{s.points}</td>
            <td>{s.steals}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function Podium({ standings }: { standings: Standing[] }) {
  const top = standings.slice(0, 3);
  return (
    <ol className="podium" aria-label="Podium">
      {top.map((s, i) => (
        <li key={s.playerId} className={`step step-${i + 1}`}>
          <span className="place">{PLACES[i]}</span>
          <bdi className="name">{s.name}</bdi>
          <span className="pts">{`${s.points} ${s.points === 1 ? "point" : "points"}`}</span>
        </li>
      ))}
    </ol>
  );
}
