import { homeIslands } from "../../registry/home";
import { hydrateIslands } from "../hydrate";
import { installLobbyLinks } from "../lobby-links";

hydrateIslands(homeIslands);
installLobbyLinks();
