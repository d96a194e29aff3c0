// The game's header: the room code and how far the game has come.
import { useSignals } from "@preact/signals-react/runtime";
import { useStore } from "./client/store";
import { roundNumber, totalRounds } from "./game/shared";

export default function GameHeader() {
  useSignals();
  const store = useStore();
  const lobby = store.lobby.value;
  return (
    <div className="game-head">
      <span className="muted">CODE</span>
      <span className="code">{store.code}</span>
      <span className="badge gold">
        Round {roundNumber(lobby)}/{totalRounds(lobby)}
      </span>
    </div>
  );
}
