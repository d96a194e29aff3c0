// What a phase change does for keyboard and screen-reader players: focus moves to the new phase's
// heading, and a polite live region says what happened, plus '10 seconds left' once a round. The
// page's first render does neither, so opening or reloading a game never takes focus.
import { effect } from "@preact/signals-react";
import { useEffect, useRef, useState, type RefObject } from "react";
import { useStore, type ClientPhase, type Store } from "../client/store";
import { winnerOf, roundNumber, scoresOf, teamName } from "./shared";
import { onLastSeconds } from "./moments";
import { LAST_SECONDS } from "./Timer";

/**
 * The sentence a screen reader hears when the game moves to `phase`. It never repeats a phrase shown
 * on screen word for word, so finding a screen text (as people and tests do) finds one element.
 */
export function phaseNews(store: Store, phase: ClientPhase): string {
  const lobby = store.lobby.value;
  const result = store.lastResult.value;
  switch (phase) {
    case "question":
      return `Round ${roundNumber(lobby)} started`;
    case "answered":
      return "Your team's answer is in";
    case "results":
      return `Round ${result?.number ?? roundNumber(lobby)} over: ${!result || result.winner === "tie" ? "a tied round" : `the round goes to ${teamName(result.winner)}`}`;
    case "summary": {
      const scores = scoresOf(lobby);
      const winner = winnerOf(scores);
      return `Game over. Blue ${scores.blue}, Red ${scores.red}. ${winner === "tie" ? "A tied game." : `${teamName(winner)} wins the game.`}`;
    }
    default:
      return `Get ready for round ${roundNumber(lobby)}`;
  }
}

export function PhaseChange({ phase, panel }: { phase: ClientPhase; panel: RefObject<HTMLElement | null> }) {
  const store = useStore();
  const [news, setNews] = useState("");
  const shown = useRef(phase);

  useEffect(() => {
    if (shown.current === phase) return;
    shown.current = phase;
    setNews(phaseNews(store, phase));
    const box = panel.current;
    const at = document.activeElement;
    // Focus the player put elsewhere (typing in the chat) stays there; the announcement still comes.
    // The host's bar is not elsewhere: its buttons move the game, so focus follows them to the new
    // phase, whether or not the pressed button is still on the page when the phase arrives.
    if (!box || (at && at !== document.body && !box.contains(at) && !at.closest(".host-bar"))) return;
    const heading = box.querySelector<HTMLElement>("h2") ?? box;
    heading.tabIndex = -1;
    heading.focus();
  }, [phase, panel, store]);

  useEffect(() => onLastSeconds(store, () => setNews(`${LAST_SECONDS} seconds left`)), [store]);

  // The host's overrule can change who won a round, or the game: the news follows, never stale.
  useEffect(() => {
    let said: string | null = null;
    return effect(() => {
      const now = store.phase.value;
      const line = now === "results" || now === "summary" ? phaseNews(store, now) : null;
      if (said !== null && line !== null && line !== said) setNews(line);
      said = line;
    });
  }, [store]);

  return (
    <p className="sr-only" role="status">
      {news}
    </p>
  );
}
