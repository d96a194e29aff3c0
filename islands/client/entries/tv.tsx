import { tvIslands } from "../../registry/tv";
import { startTvPage } from "../page-start";

startTvPage(tvIslands);
