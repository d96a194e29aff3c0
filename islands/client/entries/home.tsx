import FlashNotice from "../../FlashNotice";
import HostCard from "../../HostCard";
import JoinCard from "../../JoinCard";
import JoinDialog from "../../JoinDialog";
import { hydrateIslands } from "../hydrate";
import { installLobbyLinks } from "../lobby-links";

hydrateIslands({ FlashNotice, HostCard, JoinCard, JoinDialog });
installLobbyLinks();
