// A Tournament's party screen: its own bundle (docs/decisions.md "Tournament").
import { tournamentTvIslands } from "../../registry/tournament-tv";
import { startTvPage } from "../page-start";

startTvPage(tournamentTvIslands);
