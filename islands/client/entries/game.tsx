import ChatBox from "../../ChatBox";
import GameHeader from "../../GameHeader";
import GamePanel from "../../GamePanel";
import ScoreBoard from "../../ScoreBoard";
import { hydrateIslands } from "../hydrate";
import { startSession } from "../session";
import { setPageSocket } from "../socket-context";

const store = hydrateIslands({ GameHeader, ScoreBoard, GamePanel, ChatBox });
void startSession(store).then(setPageSocket);
