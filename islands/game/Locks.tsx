// Which teams have locked in the open round, never what: the room hears it (answer-locked), so every
// screen says it, and screen readers hear it politely as it happens.
import { useSignals } from "@preact/signals-react/runtime";
import { TEAMS } from "../../src/game/types";
import { useStore } from "../client/store";
import { teamName } from "./shared";

export function Locks() {
  useSignals();
  const store = useStore();
  const phase = store.phase.value;
  const locked = store.lobby.value?.gameState?.locked;
  const open = phase === "question" || phase === "answered";
  // The region stays in the page while empty, so what is added to it later is announced.
  return (
    <p className="locks" aria-live="polite">
      {open &&
        TEAMS.filter((t) => locked?.[t]).map((t) => (
          <span key={t} className={`lock ${t}-m`}>
            <span aria-hidden="true">✔ </span>
            {teamName(t)} has locked in
          </span>
        ))}
    </p>
  );
}
