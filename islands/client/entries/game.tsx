import { gameIslands } from "../../registry/game";
import { startGamePage } from "../page-start";

startGamePage(gameIslands);
