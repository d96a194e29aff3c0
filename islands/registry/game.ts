// The game page's islands: src/pages/Game.tsx marks them, islands/client/entries/game.tsx hydrates them.
import ChatBox from "../ChatBox";
import ConnectionBar from "../ConnectionBar";
import GameHeader from "../GameHeader";
import GamePanel from "../GamePanel";
import HostControls from "../HostControls";
import RoomStatus from "../RoomStatus";
import ScoreBoard from "../ScoreBoard";
import SoundToggle from "../SoundToggle";

export const gameIslands = { ConnectionBar, GameHeader, SoundToggle, RoomStatus, HostControls, ScoreBoard, GamePanel, ChatBox };
