// A Duel's game page: its own bundle, so neither mode's page downloads the other's islands (docs/decisions.md "Duels").
import { duelGameIslands } from "../../registry/duel-game";
import { startGamePage } from "../page-start";

startGamePage(duelGameIslands);
