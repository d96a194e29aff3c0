// A Tournament's game page's islands: src/pages/Game.tsx marks them for a Tournament lobby,
// islands/client/entries/tournament-game.tsx hydrates them (docs/decisions.md "Tournament").
import ChatBox from "../ChatBox";
import ConnectionBar from "../ConnectionBar";
import RoomStatus from "../RoomStatus";
import SoundToggle from "../SoundToggle";
import TournamentPanel from "../tournament/TournamentPanel";

export const tournamentGameIslands = { ConnectionBar, SoundToggle, RoomStatus, TournamentPanel, ChatBox };
