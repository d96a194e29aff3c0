// The party screen's islands: src/pages/Tv.tsx marks them, islands/client/entries/tv.tsx hydrates them.
import ConnectionBar from "../ConnectionBar";
import LobbyLock from "../LobbyLock";
import RoomStatus from "../RoomStatus";
import SoundToggle from "../SoundToggle";
import TvStage from "../TvStage";

export const tvIslands = { ConnectionBar, LobbyLock, SoundToggle, RoomStatus, TvStage };
