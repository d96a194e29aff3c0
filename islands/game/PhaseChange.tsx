// What a phase change does for keyboard and screen-reader players, in every mode's game page: focus
// moves to the new phase's heading, and a polite live region says what happened, in the mode's own
// words (`news`: Teams' phase-news.ts, a Duel's and a Tournament's their own), plus '10 seconds left'
// once a round. The page's first render does neither, so opening or reloading a game never takes focus.
import { effect } from "@preact/signals-react";
import { useEffect, useRef, useState } from "react";
import { useStore, type ClientPhase, type Store } from "../client/store";
import { onLastSeconds } from "./moments";
import { LAST_SECONDS } from "./Timer";

/**
 * The sentence a screen reader hears when the game moves to `phase`, from the store as it is then.
 * It never repeats a phrase shown on screen word for word, so finding a screen text (as people and
 * tests do) finds one element; it tells nothing the screen keeps back (the other side's answer
 * before the results); and each phase's differs from the others'.
 */
export type PhaseNews = (store: Store, phase: ClientPhase) => string;

/**
 * Rendered inside the panel that shows the phase (its live region's parent, where the heading is
 * looked for), which re-renders it with the phase.
 */
export function PhaseChange({ phase, news }: { phase: ClientPhase; news: PhaseNews }) {
  const store = useStore();
  const [said, say] = useState("");
  const shown = useRef(phase);
  const region = useRef<HTMLParagraphElement>(null);

  // Focus moves once the new phase is on the page.
  useEffect(() => {
    if (shown.current === phase) return;
    shown.current = phase;
    const box = region.current?.parentElement;
    const at = document.activeElement;
    // Focus the player put elsewhere (typing in the chat) stays there; the announcement still comes.
    // The host's bar is not elsewhere: its buttons move the game, so focus follows them to the new
    // phase, whether or not the pressed button is still on the page when the phase arrives.
    if (!box || (at && at !== document.body && !box.contains(at) && !at.closest(".host-bar"))) return;
    const heading = box.querySelector<HTMLElement>("h2") ?? box;
    heading.tabIndex = -1;
    heading.focus();
  }, [phase]);

  // The news is said when it changes: with the phase, and within one when the host's overrule changes
  // a round's result or the game's. An event's handlers run in one task, so the state they leave
  // between them (a new round's phase before its pairs) is never rendered, only the last line.
  useEffect(() => {
    let last = "";
    return effect(() => {
      const line = news(store, store.phase.value);
      if (last && line !== last) say(line);
      last = line;
    });
  }, [store, news]);

  useEffect(() => onLastSeconds(store, () => say(`${LAST_SECONDS} seconds left`)), [store]);

  return (
    <p ref={region} className="sr-only" role="status">
      {said}
    </p>
  );
}
