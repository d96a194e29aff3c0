// A Duel's party screen's islands: src/pages/Tv.tsx marks them for a Duels lobby,
// islands/client/entries/duel-tv.tsx hydrates them.
import ConnectionBar from "../ConnectionBar";
import DuelStage from "../duels/DuelStage";
import LobbyLock from "../LobbyLock";
import RoomStatus from "../RoomStatus";
import SoundToggle from "../SoundToggle";

export const duelTvIslands = { ConnectionBar, LobbyLock, SoundToggle, RoomStatus, DuelStage };
