// Game (/game/{code}): scores, the round in the centre, chat below.
import ChatBox from "../../islands/ChatBox";
import GameHeader from "../../islands/GameHeader";
import GamePanel from "../../islands/GamePanel";
import ScoreBoard from "../../islands/ScoreBoard";
import { Island } from "./island";

export function Game() {
  return (
    <main>
      <Island name="GameHeader" component={GameHeader} props={{}} />
      <Island name="ScoreBoard" component={ScoreBoard} props={{}} />
      <Island name="GamePanel" component={GamePanel} props={{}} />
      <Island name="ChatBox" component={ChatBox} props={{}} />
      <footer>Made with bluffs, tells, and just a pinch of chaos.</footer>
    </main>
  );
}
