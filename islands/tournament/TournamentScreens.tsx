// A Tournament's phone and TV screens (docs/pages.md "Tournament"), one chunk loaded by
// TournamentPanel.tsx and TournamentStage.tsx. The phone says where its player stands; a player in a
// live match plays it on a Duel's screens (duels/DuelScreens.tsx, handed in), one whose match is decided, or who
// is out, watches the live matches. The TV draws the bracket as it fills beside the question, the
// final full-screen, then the champion. Both end with the bracket and the summary's downloads. On the
// phone a phase change moves focus and is announced as on Teams' page (game/PhaseChange.tsx), in a
// Tournament's words (tournament-news.ts): here, since before this chunk the panel has no screen to
// announce or heading to focus, and the words read the bracket as the screens do.
import { useSignals } from "@preact/signals-react/runtime";
import type { ReactNode } from "react";
import { champion, currentRound, roundName } from "../../src/game/tournament/bracket";
import type { LobbyView } from "../../src/game/views";
import { useStore, type Store } from "../client/store";
import { myPair } from "../duels/duel-lines";
import { PhaseChange } from "../game/PhaseChange";
import { SummaryEnd } from "../game/SummaryEnd";
import { Waiting } from "../game/WaitingDots";
import { BracketView } from "./BracketView";
import { entrant, whereLine, type KeptBracket } from "./tournament-lines";
import { tournamentNews } from "./tournament-news";

/** `duel`: a Duel's screens, handed in by the island (TournamentPanel.tsx says why). */
export default function TournamentScreens({ screen, duel }: { screen: "phone" | "tv"; duel: ReactNode }) {
  useSignals();
  const phase = useStore().phase.value;
  return (
    <>
      <Screens screen={screen} duel={duel} />
      {screen === "phone" && <PhaseChange phase={phase} news={tournamentNews} />}
    </>
  );
}

function Screens({ screen, duel }: { screen: "phone" | "tv"; duel: ReactNode }) {
  useSignals();
  const store = useStore();
  const lobby = store.lobby.value;
  const bracket = lobby?.gameState?.bracket;
  if (!lobby?.gameState || !bracket) return null;
  const phase = store.phase.value;
  const tv = screen === "tv";
  const meId = tv ? null : store.meId.value;
  if (phase === "summary" || (lobby.gameState.phase === "complete" && phase !== "results")) return <Champion bracket={bracket} meId={meId} />;
  const where = meId === null ? null : <p className="where" role="status">{whereLine(bracket, meId)}</p>;
  if (phase === "idle") return <Idle store={store} bracket={bracket} where={where} />;
  if (tv) return <Stage bracket={bracket} final={phase !== "results" && currentRound(bracket) === bracket.rounds.length - 1} results={phase === "results"} duel={duel} />;
  // In a live match: the Duel's screens. Through or out: the live matches, watched.
  const playing = phase === "results" || myPair(lobby.gameState.pairs, meId) !== undefined;
  return (
    <div className="stack">
      {where}
      {playing ? duel : <Watching lobby={lobby} bracket={bracket} />}
    </div>
  );
}

/** Before a question: the host starts it from the host's controls (islands/HostControls.tsx), everyone else waits. */
function Idle({ store, bracket, where }: { store: Store; bracket: KeptBracket; where: ReactNode }) {
  return (
    <div className="stack center">
      <h2 className="big">The Tournament</h2>
      {where}
      <p className="muted">Every match is best of three questions, level after three goes to sudden death. Win a question by gaining more from it than your opponent: answer it, or steal if you think they got it right.</p>
      {store.page !== "tv" && (store.isHost.value ? <p className="muted">Start the first matches from your controls above when everyone is ready.</p> : <Waiting text="Waiting for host..." />)}
      <BracketView bracket={bracket} />
    </div>
  );
}

/** A player not in a live match: the question and who is still playing it. */
function Watching({ lobby, bracket }: { lobby: LobbyView; bracket: KeptBracket }) {
  const game = lobby.gameState!;
  return (
    <div className="stack center">
      <h2 className="question" dir="auto">
        {game.currentRound?.question}
      </h2>
      <ul className="pairs" aria-label="Live matches">
        {(game.pairs ?? []).map((p) => (
          <li key={p.a} className="pair">
            <span>
              <bdi>{entrant(bracket, p.a)}</bdi> {p.aLocked ? "locked in ✔" : "thinking..."}
            </span>
            <span className="vs">vs</span>
            <span>
              <bdi>{entrant(bracket, p.b)}</bdi> {p.bLocked ? "locked in ✔" : "thinking..."}
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The TV during a question: the bracket beside the round, or the final on its own, full-screen. */
function Stage({ bracket, final, results, duel }: { bracket: KeptBracket; final: boolean; results: boolean; duel: ReactNode }) {
  if (final) {
    const m = bracket.rounds.at(-1)![0]!;
    const score = m.score ?? { a: 0, b: 0, questions: 0 };
    return (
      <div className="stack center final-stage">
        <h2 className="big">The Final</h2>
        <p className="final-line">
          <bdi>{entrant(bracket, m.a)}</bdi> <span className="final-score">{`${score.a}-${score.b}`}</span> <bdi>{entrant(bracket, m.b)}</bdi>
        </p>
        {duel}
      </div>
    );
  }
  // The results beside the bracket, not under it: a TV cannot scroll, and both fit a 1080p screen so.
  return (
    <div className={results ? "stack tour-results" : "stack"}>
      <BracketView bracket={bracket} />
      {duel}
    </div>
  );
}

function Champion({ bracket, meId }: { bracket: KeptBracket; meId: string | null }) {
  const winner = champion(bracket);
  const final = bracket.rounds.at(-1)![0]!;
  return (
    <div className="stack center">
      <h2 className="big">Game Complete!</h2>
      {/* The host may end the game before its final is decided (src/game/end-game.ts). */}
      <p className={winner === null ? "muted" : "champion"} role="status">
        {winner === null ? (
          "No champion: the host ended the tournament early"
        ) : (
          <>
            <span aria-hidden="true">♛ </span>
            {winner === meId ? "You are the champion!" : <>Champion: <bdi>{entrant(bracket, winner)}</bdi></>}
          </>
        )}
      </p>
      {final.score && <p className="muted">{`${roundName(bracket.rounds.length, bracket.rounds.length - 1)}: ${entrant(bracket, final.a)} ${final.score.a}-${final.score.b} ${entrant(bracket, final.b)}`}</p>}
      <BracketView bracket={bracket} />
      <SummaryEnd />
    </div>
  );
}
