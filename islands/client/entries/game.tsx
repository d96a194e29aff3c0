import ChatBox from "../../ChatBox";
import GameHeader from "../../GameHeader";
import GamePanel from "../../GamePanel";
import ScoreBoard from "../../ScoreBoard";
import { hydrateIslands, islandsHydrated } from "../hydrate";
import { startSession } from "../session";
import { setPageConnection } from "../socket-context";

const store = hydrateIslands({ GameHeader, ScoreBoard, GamePanel, ChatBox });
// The session fills in the viewer only after hydration, so the first render matches the server's.
void islandsHydrated.then(() => startSession(store)).then(setPageConnection);
