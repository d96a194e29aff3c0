// The lobby page's islands: src/pages/Lobby.tsx marks them, islands/client/entries/lobby.tsx hydrates them.
import ChatBox from "../ChatBox";
import ConnectionBar from "../ConnectionBar";
import HostFooter from "../HostFooter";
import LobbyActions from "../LobbyActions";
import LobbyLock from "../LobbyLock";
import LobbySwitch from "../LobbySwitch";
import OwnQuestions from "../OwnQuestions";
import RoomStatus from "../RoomStatus";
import SettingsPanel from "../SettingsPanel";
import ShareJoin from "../ShareJoin";
import TeamPanels from "../TeamPanels";

export const lobbyIslands = { ConnectionBar, RoomStatus, ShareJoin, LobbyLock, LobbySwitch, TeamPanels, SettingsPanel, ChatBox, OwnQuestions, LobbyActions, HostFooter };
