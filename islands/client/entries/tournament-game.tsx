// A Tournament's game page: its own bundle, so no mode's page downloads another's islands (docs/decisions.md "Tournament").
import { tournamentGameIslands } from "../../registry/tournament-game";
import { startGamePage } from "../page-start";

startGamePage(tournamentGameIslands);
