// A Duel's game page's islands: src/pages/Game.tsx marks them for a Duels lobby,
// islands/client/entries/duel-game.tsx hydrates them. No team scores, no Teams phases; the host's bar
// comes with the round panel (DuelPanel.tsx). Only islands the Teams game page shares with the
// TV or the lobby page are reused, so the Teams page's bundle splits no further (docs/decisions.md "Duels").
import ChatBox from "../ChatBox";
import ConnectionBar from "../ConnectionBar";
import DuelPanel from "../duels/DuelPanel";
import RoomStatus from "../RoomStatus";
import SoundToggle from "../SoundToggle";

export const duelGameIslands = { ConnectionBar, SoundToggle, RoomStatus, DuelPanel, ChatBox };
