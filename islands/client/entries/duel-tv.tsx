// A Duel's party screen: its own bundle (docs/decisions.md "Duels").
import { duelTvIslands } from "../../registry/duel-tv";
import { startTvPage } from "../page-start";

startTvPage(duelTvIslands);
