import ChatBox from "../../ChatBox";
import ConnectionBar from "../../ConnectionBar";
import HostFooter from "../../HostFooter";
import LobbyActions from "../../LobbyActions";
import OwnQuestions from "../../OwnQuestions";
import SettingsPanel from "../../SettingsPanel";
import ShareJoin from "../../ShareJoin";
import TeamPanels from "../../TeamPanels";
import { hydrateIslands, islandsHydrated } from "../hydrate";
import { installLobbyLinks } from "../lobby-links";
import { startSession } from "../session";
import { setPageConnection } from "../socket-context";

const store = hydrateIslands({ ConnectionBar, ShareJoin, TeamPanels, SettingsPanel, ChatBox, OwnQuestions, LobbyActions, HostFooter });
installLobbyLinks();
// The session fills in the viewer only after hydration, so the first render matches the server's.
void islandsHydrated.then(() => startSession(store)).then(setPageConnection);
