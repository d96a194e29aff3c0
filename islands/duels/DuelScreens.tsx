// A Duel's phone and TV screens (docs/pages.md "Duels"). The phone: "You vs NAME" and whether the
// opponent has locked (never what), the player's answer or steal (none on a bye), their duel's result
// with its reason line, the standings after every round, and at the end a podium and the full
// standings (DuelSummary.tsx, loaded when it shows). The TV: the question and every pairing's lock
// state (DuelTvRound.tsx, handed in), then every duel's result and the standings, then the podium.
import { useSignals } from "@preact/signals-react/runtime";
import { lazy, Suspense, useState, type ReactNode } from "react";
import { duelOf } from "../../src/game/duels/duel-rules";
import { ANSWER_MAX } from "../../src/game/settings";
import type { DuelResult, SidePlay } from "../../src/game/types";
import type { LobbyView } from "../../src/game/views";
import { useAction } from "../client/action";
import { api } from "../client/api";
import { Refusal } from "../client/refusal";
import { useStore, type Store } from "../client/store";
import { pointsLine, roundNumber, totalRounds } from "../game/shared";
import { secondsLeft, Timer } from "../game/Timer";
import { Waiting } from "../game/WaitingDots";
import { useDuelEvents } from "./duel-events";
import { duelReason, myPair, nameOf, playText, roundBadge, sidesOf } from "./duel-lines";
import { StandingsTable } from "./Standings";

const DuelSummary = lazy(() => import("./DuelSummary"));

/**
 * `tvRound`: the TV's open round (DuelTvRound.tsx), handed in by the TV's islands so that a phone's
 * bundle never carries it; absent, these are a phone's screens.
 */
export default function DuelScreens({ tvRound }: { tvRound?: ReactNode }) {
  useSignals();
  const store = useStore();
  useDuelEvents(store);
  const lobby = store.lobby.value;
  if (!lobby?.gameState) return null;
  const phase = store.phase.value;
  const standings = lobby.gameState.standings ?? [];
  const meId = store.page === "tv" ? null : store.meId.value;
  if (phase === "summary") {
    return (
      <div className="stack center">
        <h2 className="big">Game Complete!</h2>
        {/* Loaded when it shows, as Teams' summary is: no phone needs it before the last round. */}
        <Suspense fallback={null}>
          <DuelSummary standings={standings} meId={meId} />
        </Suspense>
      </div>
    );
  }
  if (phase === "results") return <Results store={store} lobby={lobby} tv={Boolean(tvRound)} />;
  if (phase === "idle") return <Idle store={store} lobby={lobby} />;
  return tvRound ?? (phase === "answered" ? <Answered store={store} lobby={lobby} /> : <Question store={store} lobby={lobby} />);
}

function Idle({ store, lobby }: { store: Store; lobby: LobbyView }) {
  const standings = lobby.gameState?.standings ?? [];
  const tv = store.page === "tv";
  return (
    <div className="stack center">
      <h2 className="big">
        Round {roundNumber(lobby)} of {totalRounds(lobby)}
      </h2>
      <p className="muted">Every round you face another player on the same question: answer it, or steal if you think your opponent got it right.</p>
      {/* The host starts the round from the host's bar at the top (islands/game/HostBar.tsx), as in Teams. */}
      {!tv && (store.isHost.value ? <p className="muted">Start the round above when everyone is ready.</p> : <Waiting text="Waiting for host..." />)}
      {lobby.gameState!.rounds.length > 0 && <StandingsTable standings={standings} meId={tv ? null : store.meId.value} />}
    </div>
  );
}

/** "You vs NAME" and whether they have locked; a bye says so. */
function Versus({ lobby, meId }: { lobby: LobbyView; meId: string | null }) {
  const mine = myPair(lobby.gameState?.pairs, meId);
  if (!mine) return null;
  if (mine.opponent === null) {
    return (
      <p className="versus" role="status">
        <strong>Bye this round:</strong> no opponent. Answer for +1; you cannot steal.
      </p>
    );
  }
  const name = nameOf(lobby, mine.opponent);
  return (
    <div className="versus stack" role="status">
      <strong className="vs">
        You vs <bdi>{name}</bdi>
      </strong>
      <span className={mine.opponentLocked ? "ok" : "muted"}>{mine.opponentLocked ? `✔ ${name} has locked in` : `${name} is thinking...`}</span>
    </div>
  );
}

function RoundHead({ lobby }: { lobby: LobbyView }) {
  const round = lobby.gameState?.currentRound;
  return (
    <div className="row spread">
      <span className="badge gold">{roundBadge(lobby, round?.number ?? roundNumber(lobby))}</span>
      {round?.category && (
        <span className="badge" dir="auto">
          {round.category}
        </span>
      )}
      <Timer />
    </div>
  );
}

function Question({ store, lobby }: { store: Store; lobby: LobbyView }) {
  const [answer, setAnswer] = useState("");
  const action = useAction();
  const me = store.me.value;
  const game = lobby.gameState!;
  const mine = myPair(game.pairs, store.meId.value);
  const over = secondsLeft(store.endsAt.value, store.now.value) === 0;

  async function lock(isSteal: boolean) {
    const text = isSteal ? "" : answer.trim();
    if (!isSteal && !text) return;
    const res = await action.run("Failed to submit answer", () => api("POST", "/api/lobby/submitAnswer", { code: store.code, isSteal, answer: text, roundNumber: game.currentRoundNumber, skips: game.currentRound?.skips ?? 0 }));
    if (!res.success) return;
    store.myLock.value = { answer: text, isSteal, playerId: me?.id };
    if (store.phase.value === "question") store.phase.value = "answered";
  }

  return (
    <div className="stack">
      <RoundHead lobby={lobby} />
      <Versus lobby={lobby} meId={store.meId.value} />
      <h2 className="question" dir="auto">
        {game.currentRound?.question}
      </h2>
      {!mine ? (
        <p className="muted" role="status">
          You joined during this round: you play from the next one.
        </p>
      ) : (
        <form
          className="stack"
          onSubmit={(e) => {
            e.preventDefault();
            void lock(false);
          }}
        >
          <label htmlFor="duel-answer" className="sr-only">
            Your answer
          </label>
          <input id="duel-answer" placeholder="Type your answer" autoComplete="off" dir="auto" maxLength={ANSWER_MAX} value={answer} onChange={(e) => setAnswer(e.target.value)} />
          <div className="actions">
            <button type="submit" className="primary" disabled={action.busy || over || !answer.trim()}>
              Submit
            </button>
            {mine.opponent !== null && (
              <button type="button" className="steal" disabled={action.busy || over} onClick={() => void lock(true)}>
                Steal
              </button>
            )}
          </div>
          <Refusal message={action.message} />
        </form>
      )}
      {mine?.opponent && <p className="muted small-print">Steal if you think your opponent is right: +2 if they are, +2 to them if they are not.</p>}
    </div>
  );
}

function Answered({ store, lobby }: { store: Store; lobby: LobbyView }) {
  const lock = store.myLock.value;
  const mine = myPair(lobby.gameState?.pairs, store.meId.value);
  const waitingFor = mine?.opponent ? nameOf(lobby, mine.opponent) : null;
  return (
    <div className="stack center">
      <RoundHead lobby={lobby} />
      <Versus lobby={lobby} meId={store.meId.value} />
      <h2 className="big">
        <span aria-hidden="true">✔ </span>Answer locked
      </h2>
      {lock?.isSteal ? (
        <p className="locked">
          <span className="badge gold">STEAL</span> You chose to steal
        </p>
      ) : (
        lock && (
          <p className="locked question">
            “<bdi>{lock.answer}</bdi>”
          </p>
        )
      )}
      <Waiting text={waitingFor && !mine?.opponentLocked ? `Waiting for ${waitingFor}...` : "Waiting for the others..."} />
    </div>
  );
}

/** One side of a judged duel: what they did, the verdict, the points, and the host's overrule. */
function SideCard({ side, theirs, round, host }: { side: SidePlay; theirs: SidePlay | null; round: number; host: boolean }) {
  const action = useAction();
  const typed = side.correct !== null;
  const overrule = () => action.run("Failed to overrule", () => api("POST", "/api/lobby/overrule", { roundNumber: round, playerId: side.playerId, correct: !side.correct }));
  return (
    <div className="result duel-side stack">
      <h3>
        <bdi>{side.name}</bdi>
      </h3>
      <div className="row">
        <span dir="auto">{side.steal ? <span className="badge gold">STEAL</span> : playText(side)}</span>
        {typed && <span className={side.correct ? "ok" : "bad"}>{side.correct ? "✓ Correct" : "✗ Wrong"}</span>}
      </div>
      <span className="pts">{pointsLine(side.points)}</span>
      <p className="reason">{duelReason(side, theirs)}</p>
      {host && typed && (
        <button type="button" className="ghost small" disabled={action.busy} onClick={() => void overrule()}>
          {side.correct ? `Mark ${side.name} wrong` : `Mark ${side.name} correct`}
        </button>
      )}
      <Refusal message={action.message} />
    </div>
  );
}

function DuelCard({ duel, meId, round, host }: { duel: DuelResult; meId: string | null; round: number; host: boolean }) {
  const [a, b] = meId ? sidesOf(duel, meId) : [duel.a, duel.b];
  return (
    <div className="results duel">
      <SideCard side={a} theirs={b} round={round} host={host} />
      {b ? <SideCard side={b} theirs={a} round={round} host={host} /> : <p className="muted bye">Bye: no opponent this round</p>}
    </div>
  );
}

function Results({ store, lobby, tv }: { store: Store; lobby: LobbyView; tv: boolean }) {
  const result = store.lastResult.value;
  const meId = tv ? null : store.meId.value;
  const host = !tv && store.isHost.value;
  const complete = lobby.gameState?.phase === "complete";
  if (!result) return null;
  const duels = result.duels ?? [];
  const mine = meId ? duelOf(duels, meId) : undefined;
  const opponent = mine && meId ? sidesOf(mine, meId)[1] : null;
  // Everyone sees their own duel first; the TV and the host (who may overrule any of them) see the rest too.
  const others = tv || host ? duels.filter((d) => d !== mine) : [];
  return (
    <div className="stack center">
      <h2 className="big">Round {result.number} Results</h2>
      <p className="muted" dir="auto">
        {result.question}
      </p>
      <p className="correct">
        Correct Answer: <strong dir="auto">{result.answer}</strong>
      </p>
      {mine && (
        <section className="stack duel-section" aria-label="Your duel">
          <h3>{opponent ? `You vs ${nameOf(lobby, opponent.playerId, opponent.name)}` : "Your bye"}</h3>
          <DuelCard duel={mine} meId={meId} round={result.number} host={host} />
        </section>
      )}
      {others.length > 0 && (
        <section className="stack duel-section" aria-label="Every duel">
          <h3>{tv ? "Every duel" : "Every duel (as host you may overrule any answer)"}</h3>
          {others.map((d) => (
            <DuelCard key={d.a.playerId} duel={d} meId={null} round={result.number} host={host} />
          ))}
        </section>
      )}
      {lobby.gameState?.standings && <StandingsTable standings={lobby.gameState.standings} meId={meId} />}
      {complete && (
        <button type="button" className="ghost wide" onClick={() => (store.phase.value = "summary")}>
          See the summary
        </button>
      )}
      {/* The host's Next Round is in the host's bar at the top, as in Teams. */}
      {!complete && !tv && !host && <Waiting text="Waiting for host to start next round..." />}
    </div>
  );
}
