// Game (/game/{code}): header, then the round in the centre with a team roster either side on
// large screens (a compact score bar above it on small ones), chat below the round. A Duel's page
// has its own islands and bundle (docs/decisions.md "Duels"): the round panel, no team scores.
import { duelGameIslands } from "../../islands/registry/duel-game";
import { tournamentGameIslands } from "../../islands/registry/tournament-game";
import { gameIslands } from "../../islands/registry/game";
import { useStore } from "../../islands/client/store";
import { Brand } from "./Brand";
import { islandMarker } from "./island";

const Island = islandMarker(gameIslands);
const DuelIsland = islandMarker(duelGameIslands);
const TournamentIsland = islandMarker(tournamentGameIslands);

export function Game() {
  const { code, lobby } = useStore();
  if (lobby.value?.mode) return <DuelGame code={code} tournament={lobby.value.mode === "tournament"} />;
  return (
    <main>
      <Island name="ConnectionBar" />
      <header className="row spread">
        <Brand />
        <Island name="GameHeader" />
        <Island name="SoundToggle" props={{ screen: "phone" }} />
      </header>
      {/* The room's state (paused, a host away), then the host's controls: on a phone's first screen in every phase. */}
      <Island name="RoomStatus" />
      <Island name="HostControls" />
      <div className="grid game">
        {/* display: contents lets the score bar and both rosters take their own grid cells. */}
        <Island name="ScoreBoard" className="contents" />
        <Island name="GamePanel" className="centre" />
        <Island name="ChatBox" className="centre" />
      </div>
      <footer>Made with bluffs, tells, and just a pinch of chaos.</footer>
    </main>
  );
}

/**
 * A Duel's page (and a Tournament's, its round panel TournamentPanel): the code in the header is plain HTML (it never changes), the round number is in the
 * round panel; every byte of script it spares keeps the page within its budget (docs/decisions.md "Duels").
 */
function DuelGame({ code, tournament }: { code: string | null; tournament: boolean }) {
  return (
    <main>
      <DuelIsland name="ConnectionBar" />
      <header className="row spread">
        <Brand />
        <div className="game-head">
          <span className="muted">CODE</span>
          <span className="code">{code}</span>
        </div>
        <DuelIsland name="SoundToggle" props={{ screen: "phone" }} />
      </header>
      {/* Paused, a host away: as on Teams' page. The host's bar comes with the round panel. */}
      <DuelIsland name="RoomStatus" />
      <div className="grid game duel-game">
        {tournament ? <TournamentIsland name="TournamentPanel" className="centre" /> : <DuelIsland name="DuelPanel" className="centre" />}
        <DuelIsland name="ChatBox" className="centre" />
      </div>
      <footer>Made with bluffs, tells, and just a pinch of chaos.</footer>
    </main>
  );
}
