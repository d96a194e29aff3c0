// Game (/game/{code}): header, then the round in the centre with a team roster either side on
// large screens (a compact score bar above it on small ones), chat below the round.
import ChatBox from "../../islands/ChatBox";
import ConnectionBar from "../../islands/ConnectionBar";
import GameHeader from "../../islands/GameHeader";
import GamePanel from "../../islands/GamePanel";
import SoundToggle from "../../islands/SoundToggle";
import ScoreBoard from "../../islands/ScoreBoard";
import { Brand } from "./Brand";
import { Island } from "./island";

export function Game() {
  return (
    <main>
      <Island name="ConnectionBar" component={ConnectionBar} props={{}} />
      <header className="row spread">
        <Brand />
        <Island name="GameHeader" component={GameHeader} props={{}} />
        <Island name="SoundToggle" component={SoundToggle} props={{ screen: "phone" }} />
      </header>
      <div className="grid game">
        {/* display: contents lets the score bar and both rosters take their own grid cells. */}
        <Island name="ScoreBoard" component={ScoreBoard} props={{}} className="contents" />
        <Island name="GamePanel" component={GamePanel} props={{}} className="centre" />
        <Island name="ChatBox" component={ChatBox} props={{}} className="centre" />
      </div>
      <footer>Made with bluffs, tells, and just a pinch of chaos.</footer>
    </main>
  );
}
