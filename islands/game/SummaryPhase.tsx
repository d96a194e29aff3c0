// The end of the game, below its heading (Summary.tsx): final scores, the overall winner, the awards and a chart of the scores round
// by round, every round at a glance with who locked each play, and the host's way back to the lobby.
// Loaded when the summary shows (Summary.tsx), so none of it counts against the game page's first
// download; the chart is drawn by the server (src/results/chart.ts) and fetched here.
import { useSignals } from "@preact/signals-react/runtime";
import { Fragment, useEffect, useState } from "react";
import { awardsOf, type Award } from "../../src/game/awards";
import { byTeam, TEAMS, type Team } from "../../src/game/types";
import type { RoundView } from "../../src/game/views";
import { useStore } from "../client/store";
import { Play } from "./Play";
import { winnerOf, playOf, scoresOf, teamName, winnerLine } from "./shared";
import { SummaryEnd } from "./SummaryEnd";
import { Totals } from "./Totals";

function Verdict({ correct }: { correct: boolean | null }) {
  if (correct === null) return null;
  return <span className={correct ? "ok" : "bad"}>{correct ? "✓ right" : "✗ wrong"}</span>;
}

function Crown({ team }: { team: Team }) {
  return (
    <span role="img" aria-label={`${teamName(team)} won this round`} className="trophy">
      ♛
    </span>
  );
}

function TeamLine({ result, team }: { result: RoundView; team: Team }) {
  const { correct, points, overruled, lockedBy } = playOf(result, team);
  return (
    <div className={`line ${team[0]}`}>
      <b>{teamName(team)}:</b> <Play result={result} team={team} /> <Verdict correct={correct} /> <span className="gain">+{points}</span>
      {lockedBy && (
        <span className="muted by">
          {" "}
          by <bdi>{lockedBy.name}</bdi>
        </span>
      )}
      {overruled && <span className="muted"> (overruled by host)</span>}
      {result.winner === team && <Crown team={team} />}
    </div>
  );
}

/** The phone's list: each round as a card of lines, scrolled in its own box. */
function RoundList({ rounds }: { rounds: RoundView[] }) {
  return (
    <>
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
    </>
  );
}

/**
 * The shared screen's table: one row a round, every answer whole (docs/pages.md "The party screen"),
 * only the question giving way when the row is short of room; twenty rounds fit a 720p screen.
 */
function RoundTable({ rounds }: { rounds: RoundView[] }) {
  return (
    <table className="round-table">
      <caption>Round Summary</caption>
      <thead>
        <tr>
          <th scope="col">Round</th>
          <th scope="col">Question</th>
          <th scope="col">Answer</th>
          <th scope="col">Blue</th>
          <th scope="col">Red</th>
        </tr>
      </thead>
      <tbody>
        {rounds.map((r) => (
          <tr key={r.number}>
            <th scope="row">{r.number}</th>
            <td className="q" dir="auto">
              {r.question}
            </td>
            <td className="a" dir="auto">
              {r.answer}
            </td>
            {TEAMS.map((team) => {
              const { correct, points } = playOf(r, team);
              return (
                <td key={team} className={team[0]}>
                  <Play result={r} team={team} /> {correct !== null && <span className={correct ? "ok" : "bad"}>{correct ? "✓" : "✗"}<span className="sr-only">{correct ? " right" : " wrong"}</span></span>} <span className="gain">+{points}</span>
                  {r.winner === team && <Crown team={team} />}
                </td>
              );
            })}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function AwardItem({ award }: { award: Award }) {
  const last = award.names.length - 1;
  return (
    <li>
      <b>
        {award.title}
        {last > 0 && " (a tie)"}:
      </b>{" "}
      {award.names.map((name, i) => (
        <Fragment key={i}>
          {i > 0 && (i === last ? " and " : ", ")}
          <bdi className="who">{name}</bdi>
        </Fragment>
      ))}
      , {award.reason}
    </li>
  );
}

/** The awards (src/game/awards.ts), from who locked what; a game with none says so. */
function Awards({ rounds }: { rounds: RoundView[] }) {
  const awards = awardsOf(rounds.map((r) => byTeam((t) => playOf(r, t))));
  return (
    <section className="awards" aria-labelledby="awards-title">
      <h3 id="awards-title">Awards</h3>
      {awards.length > 0 ? (
        <ul>
          {awards.map((a) => (
            <AwardItem key={a.kind} award={a} />
          ))}
        </ul>
      ) : (
        <p className="muted">No awards this time: no play scored.</p>
      )}
    </section>
  );
}

/** The server's chart of the scores, fetched again when a ruling changes them. */
function Chart({ code, version }: { code: string | null; version: string }) {
  const [svg, setSvg] = useState("");
  useEffect(() => {
    let current = true;
    fetch(`/api/lobby/${code}/chart.svg`)
      .then((r) => (r.ok ? r.text() : ""))
      .then((text) => current && setSvg(text))
      // No chart is no harm: the rounds and the scores are all on the screen.
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, [code, version]);
  return svg ? <figure className="chart-box" dangerouslySetInnerHTML={{ __html: svg }} /> : null;
}

export default function SummaryPhase() {
  useSignals();
  const store = useStore();
  const lobby = store.lobby.value;
  const scores = scoresOf(lobby);
  const rounds = lobby?.gameState?.rounds ?? [];
  const winner = winnerOf(scores);
  const tv = store.page === "tv";

  return (
    <>
      <Totals scores={scores} />
      <p className={`winner w-${winner}`} role="status">
        {winner !== "tie" && <span aria-hidden="true">♛ </span>}
        {winnerLine(winner)}
      </p>
      <Awards rounds={rounds} />
      <Chart code={store.code} version={`${rounds.length}:${scores.blue}:${scores.red}`} />
      {tv ? <RoundTable rounds={rounds} /> : <RoundList rounds={rounds} />}
      <SummaryEnd />
    </>
  );
}
