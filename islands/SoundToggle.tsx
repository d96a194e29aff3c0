// The sound on/off control of every game screen (and the TV), and what it switches: cues at the
// moments of a round. It listens to the page's store, so cues follow the game whatever moved it.
import { effect } from "@preact/signals-react";
import { useEffect, useState } from "react";
import type { Cue, Screen } from "./client/sound";
import { rememberSound, soundOn } from "./client/sound-choice";
import { useStore, type Store } from "./client/store";
import { onLastSeconds } from "./game/moments";

/**
 * The synthesiser, loaded once sound is on: phones start with it off and most never turn it on
 * (docs/decisions.md, "The game page's JavaScript under its budget").
 */
const synth = () => import("./client/sound");
const play = (cue: Cue) => void synth().then((s) => s.playCue(cue));

/** Calls `cue` at each moment of the game seen by this page's store. */
function watchMoments(store: Store, cue: (c: Cue) => void): () => void {
  let phase = store.phase.peek();
  let locked = store.lobby.peek()?.gameState?.locked ?? { blue: false, red: false };
  let mine = store.myLock.peek();
  const stops = [
    effect(() => {
      const next = store.phase.value;
      if (next !== phase && next === "question") cue("round-start");
      if (next !== phase && next === "results") cue("results");
      phase = next;
    }),
    // A player hears their own team lock; the TV, which has no team, hears either team lock.
    effect(() => {
      const lock = store.myLock.value;
      if (lock && !mine) cue("lock-in");
      mine = lock;
    }),
    effect(() => {
      const now = store.lobby.value?.gameState?.locked ?? { blue: false, red: false };
      if (!store.meId.value && ((now.blue && !locked.blue) || (now.red && !locked.red))) cue("lock-in");
      locked = now;
    }),
    onLastSeconds(store, () => cue("last-ten")),
  ];
  return () => stops.forEach((stop) => stop());
}

export default function SoundToggle({ screen }: { screen: Screen }) {
  const store = useStore();
  // The server does not know the device's choice: the first render shows the default, then the saved one.
  const [on, setOn] = useState(screen === "tv");
  useEffect(() => setOn(soundOn(screen)), [screen]);
  useEffect(() => (on ? watchMoments(store, play) : undefined), [on, store]);
  const blocked = useAudioBlocked(on);

  return (
    <>
      {blocked.value && (
        // Any touch or key press on the page unlocks sound; this says so where people look.
        <button type="button" className="primary small tap-sound" onClick={blocked.unlock}>
          Tap to turn sound on
        </button>
      )}
      <button
        type="button"
        className="ghost small sound"
        aria-pressed={on}
        onClick={() => {
          rememberSound(!on);
          setOn(!on);
        }}
      >
        <span aria-hidden="true">{on ? "♪ " : "× "}</span>
        Sound {on ? "on" : "off"}
      </button>
    </>
  );
}

/** Whether sound is on but the browser holds it back until the first touch or key press on the page. */
function useAudioBlocked(on: boolean) {
  const [value, setValue] = useState(false);
  const unlock = () => void synth().then((s) => s.unlockAudio().then((playing) => playing && setValue(false)));
  useEffect(() => {
    if (!on) return setValue(false);
    let gone = false;
    const gestures = ["pointerdown", "keydown"] as const;
    void synth().then((s) => {
      if (gone) return;
      if (!s.audioBlocked()) return setValue(false);
      setValue(true);
      for (const g of gestures) document.addEventListener(g, unlock);
    });
    return () => {
      gone = true;
      gestures.forEach((g) => document.removeEventListener(g, unlock));
    };
  }, [on]);
  return { value, unlock };
}
