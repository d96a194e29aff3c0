// Game (/game/{code}): header, then the round in the centre with a team roster either side on
// large screens (a compact score bar above it on small ones), chat below the round.
import { gameIslands } from "../../islands/registry/game";
import { Brand } from "./Brand";
import { islandMarker } from "./island";

const Island = islandMarker(gameIslands);

export function Game() {
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
