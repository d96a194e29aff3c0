// A Tournament's bracket as it fills (docs/pages.md "Tournament"): a column per bracket round, each
// match its two names with the questions each has won, who went through marked; a bye and a place
// not yet known said so. The TV draws it big; the phone's summary shows it too.
import { currentRound, liveMatches, roundName } from "../../src/game/tournament/bracket";
import type { BracketMatch } from "../../src/game/tournament/bracket-schema";
import { entrant, type KeptBracket } from "./tournament-lines";

function Side({ bracket, match, side, first }: { bracket: KeptBracket; match: BracketMatch; side: "a" | "b"; first: boolean }) {
  const id = match[side];
  const won = id !== null && match.winner === id;
  const lost = id !== null && match.winner !== null && !won;
  const label = id === null ? (first ? "(bye)" : "?") : entrant(bracket, id);
  return (
    <li className={`seat${won ? " won" : ""}${lost ? " lost" : ""}`}>
      <bdi>{label}</bdi>
      {match.score && <span className="match-score">{match.score[side]}</span>}
      {won && match.b !== null && <span className="sr-only"> (through)</span>}
    </li>
  );
}

export function BracketView({ bracket }: { bracket: KeptBracket }) {
  // Only the round being played is live: a later match whose sides are known waits for it.
  const now = currentRound(bracket);
  const live = new Set(liveMatches(bracket, now));
  return (
    <div className="bracket" role="group" aria-label="Bracket">
      {bracket.rounds.map((round, r) => (
        <section key={r} className="bracket-round" aria-label={roundName(bracket.rounds.length, r)}>
          <h3>{roundName(bracket.rounds.length, r)}</h3>
          <div className="bracket-matches">
            {round.map((m, i) => (
              <ul key={i} className={`match${r === now && live.has(i) ? " live" : ""}`}>
                <Side bracket={bracket} match={m} side="a" first={r === 0} />
                <Side bracket={bracket} match={m} side="b" first={r === 0} />
              </ul>
            ))}
          </div>
        </section>
      ))}
    </div>
  );
}
