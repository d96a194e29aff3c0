import HostCard from "../../HostCard";
import JoinCard from "../../JoinCard";
import JoinDialog from "../../JoinDialog";
import { hydrateIslands } from "../hydrate";
import { installLobbyLinks } from "../lobby-links";

hydrateIslands({ HostCard, JoinCard, JoinDialog });
installLobbyLinks();
