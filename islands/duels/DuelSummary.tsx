// A Duel's summary below its heading, loaded when it shows (DuelScreens.tsx): the podium, the final
// standings, the downloads and the host's way back to the lobby.
import type { Standing } from "../../src/game/duels/standings";
import { SummaryEnd } from "../game/SummaryEnd";
import { Podium, StandingsTable } from "./Standings";

export default function DuelSummary({ standings, meId }: { standings: Standing[]; meId: string | null }) {
  return (
    <>
      <Podium standings={standings} />
      <StandingsTable standings={standings} meId={meId} title="Final standings" />
      <SummaryEnd />
    </>
  );
}
