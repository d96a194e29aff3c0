// A Duel's open round on the shared screen (docs/pages.md "Duels"): the question, the countdown and
// every pairing's lock state, never what anyone answered. Handed to DuelScreens.tsx by the TV's
// islands (DuelStage.tsx, a Tournament's TournamentStage.tsx), so a phone's bundle never carries it.
import { useSignals } from "@preact/signals-react/runtime";
import type { LobbyView, PairView } from "../../src/game/views";
import { useStore } from "../client/store";
import { roundNumber } from "../game/shared";
import { Timer } from "../game/Timer";
import { nameOf, roundBadge } from "./duel-lines";

const lockWord = (locked: boolean) => (locked ? "locked in ✔" : "thinking...");

function PairLine({ lobby, pair }: { lobby: LobbyView; pair: PairView }) {
  const a = nameOf(lobby, pair.a);
  if (pair.b === null) {
    return (
      <li className="pair bye">
        <span>
          <bdi>{a}</bdi> has a bye: {lockWord(pair.aLocked)}
        </span>
      </li>
    );
  }
  return (
    <li className="pair">
      <span>
        <bdi>{a}</bdi> {lockWord(pair.aLocked)}
      </span>
      <span className="vs">vs</span>
      <span>
        <bdi>{nameOf(lobby, pair.b)}</bdi> {lockWord(pair.bLocked)}
      </span>
    </li>
  );
}

export default function DuelTvRound() {
  useSignals();
  const lobby = useStore().lobby.value;
  if (!lobby?.gameState) return null;
  const game = lobby.gameState;
  return (
    <div className="tv-round stack center">
      <p className="row tv-meta">
        <span className="badge gold">{roundBadge(lobby, roundNumber(lobby), " of ")}</span>
        {game.currentRound?.category && (
          <span className="badge" dir="auto">
            {game.currentRound.category}
          </span>
        )}
      </p>
      <h2 className="tv-question" dir="auto">
        {game.currentRound?.question}
      </h2>
      <div className="tv-countdown">
        <Timer />
      </div>
      <ul className="pairs" aria-label="Duels">
        {(game.pairs ?? []).map((p) => (
          <PairLine key={p.a} lobby={lobby} pair={p} />
        ))}
      </ul>
    </div>
  );
}
