// The home page's islands: src/pages/Home.tsx marks them, islands/client/entries/home.tsx hydrates them.
import FlashNotice from "../FlashNotice";
import HostCard from "../HostCard";
import JoinCard from "../JoinCard";
import InviteJoin from "../InviteJoin";
import SeatReturn from "../SeatReturn";

export const homeIslands = { FlashNotice, HostCard, InviteJoin, JoinCard, SeatReturn };
