import ChatBox from "../../ChatBox";
import ConnectionBar from "../../ConnectionBar";
import GameHeader from "../../GameHeader";
import GamePanel from "../../GamePanel";
import ScoreBoard from "../../ScoreBoard";
import SoundToggle from "../../SoundToggle";
import { hydrateIslands, islandsHydrated } from "../hydrate";
import { startSession } from "../session";
import { setPageConnection } from "../socket-context";
import { keepAwake } from "../wake-lock";

const store = hydrateIslands({ ConnectionBar, GameHeader, SoundToggle, ScoreBoard, GamePanel, ChatBox });
// The session fills in the viewer only after hydration, so the first render matches the server's.
void islandsHydrated.then(() => startSession(store)).then(setPageConnection);
// Screens stay awake while the game page is open (the page leaves when the game does).
keepAwake();
