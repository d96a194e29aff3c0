// The open round: countdown, question, and the team's one answer or steal.
import { useSignals } from "@preact/signals-react/runtime";
import { useState } from "react";
import { ANSWER_MAX } from "../../src/game/settings";
import { useAction } from "../client/action";
import { api } from "../client/api";
import { Refusal } from "../client/refusal";
import { useStore } from "../client/store";
import { clockNow, LAST_SECONDS, secondsLeft, Timer } from "./Timer";

export function QuestionPhase() {
  useSignals();
  const store = useStore();
  const [answer, setAnswer] = useState("");
  const action = useAction();
  const game = store.lobby.value?.gameState;
  const me = store.me.value;
  const round = game?.currentRound;
  // Past the deadline the server refuses every answer; the round's end is on its way.
  const left = secondsLeft(store.endsAt.value, clockNow(store));
  // Past the deadline, or paused by the host, the server refuses every lock (docs/rules.md "The host runs the room").
  const over = left === 0 || Boolean(game?.paused);
  // Typed but not sent is flagged, never sent for the team (docs/decisions.md, "The game explains itself").
  const unsent = !action.busy && left > 0 && left <= LAST_SECONDS && answer.trim() !== "";

  async function lock(isSteal: boolean) {
    const text = isSteal ? "" : answer.trim();
    if (!isSteal && !text) return;
    // The question's skips name the question answered: a lock sent as the host skips it is refused, not taken for the new one.
    const body = { code: store.code, isSteal, answer: text, playerId: me?.id, team: me?.team, roundNumber: game?.currentRoundNumber, skips: round?.skips ?? 0 };
    const res = await action.run("Failed to submit answer", () => api("POST", "/api/lobby/submitAnswer", body));
    if (!res.success) return;
    // The team-answer-submitted event does the same; whichever comes first wins, harmlessly.
    store.myLock.value = { answer: text, isSteal, playerId: me?.id };
    if (store.phase.value === "question") store.phase.value = "answered";
  }

  return (
    <div className="stack">
      <div className="row spread">
        <span className="badge gold">Round {round?.number ?? game?.currentRoundNumber ?? 1}</span>
        {round?.category && (
          <span className="badge" dir="auto">
            {round.category}
          </span>
        )}
        <Timer />
      </div>
      <h2 className="question" dir="auto">
        {round?.question}
      </h2>
      {me && round && me.sitsOutRound === round.number ? (
        // The server refuses a latecomer's lock in the round they joined during (docs/decisions.md).
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
          <label htmlFor="team-answer" className="sr-only">
            Team answer
          </label>
          <input
            id="team-answer"
            placeholder="Type your team answer"
            autoComplete="off"
            dir="auto"
            maxLength={ANSWER_MAX}
            value={answer}
            onChange={(e) => setAnswer(e.target.value)}
            aria-describedby={unsent ? "unsent" : undefined}
          />
          {unsent && (
            <p id="unsent" className="unsent" role="status">
              Not locked in yet: press Submit
            </p>
          )}
          <div className="actions">
            <button type="submit" className="primary" disabled={action.busy || over || !answer.trim()}>
              Submit
            </button>
            <button type="button" className="steal" disabled={action.busy || over} onClick={() => void lock(true)}>
              Steal
            </button>
          </div>
          <Refusal message={action.message} />
        </form>
      )}
      <p className="muted small-print">Steal if you think the other team is right: +2 if they are, +2 to them if they are not.</p>
    </div>
  );
}
