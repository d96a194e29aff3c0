// A Duel's stage on the shared screen (/tv/CODE), in the Duel's own TV bundle: before a game its
// players (no teams), then the round (DuelScreens): the question with every pairing's lock state,
// every duel's result and the standings, the podium.
import { useSignals } from "@preact/signals-react/runtime";
import { useStore } from "../client/store";
import DuelScreens from "./DuelScreens";
import DuelTvRound from "./DuelTvRound";

export default function DuelStage() {
  useSignals();
  const lobby = useStore().lobby.value;
  if (!lobby) return null;
  if (lobby.gameState) {
    return (
      <section className="card panel tv-panel" aria-label="Round">
        <DuelScreens tvRound={<DuelTvRound />} />
      </section>
    );
  }
  const players = lobby.players ?? [];
  return (
    <div className="tv-lobby stack">
      <h2 className="big center-text">Waiting for the host to start the Duel...</h2>
      <section className="card stack" aria-label="Players">
        <h2>Players ({players.length})</h2>
        <ul className="players">
          {players.map((p) => (
            <li key={p.id} className={`slot${p.connected ? "" : " off"}`}>
              <span className="who">
                <bdi>{p.name}</bdi>
                {!p.connected && <span className="away">(away)</span>}
              </span>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
