// A Tournament's party screen's islands: src/pages/Tv.tsx marks them for a Tournament lobby,
// islands/client/entries/tournament-tv.tsx hydrates them.
import ConnectionBar from "../ConnectionBar";
import LobbyLock from "../LobbyLock";
import RoomStatus from "../RoomStatus";
import SoundToggle from "../SoundToggle";
import TournamentStage from "../tournament/TournamentStage";

export const tournamentTvIslands = { ConnectionBar, LobbyLock, SoundToggle, RoomStatus, TournamentStage };
