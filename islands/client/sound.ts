// Short sound cues synthesized with Web Audio (no audio files to download), and a buzz on phones
// that can: a round starts, its last 10 seconds, a lock-in, the results. Whether they play is a
// per-device choice (sound-choice.ts); this module loads only once sound is on.
export type Cue = "round-start" | "last-ten" | "lock-in" | "results";
export type Screen = "tv" | "phone";

/** [frequency Hz, start s, length s] */
export const NOTES: Record<Cue, [number, number, number][]> = {
  "round-start": [
    [523, 0, 0.12],
    [784, 0.13, 0.18],
  ],
  "last-ten": [[880, 0, 0.08]],
  "lock-in": [
    [660, 0, 0.06],
    [990, 0.07, 0.1],
  ],
  results: [
    [523, 0, 0.12],
    [659, 0.13, 0.12],
    [784, 0.26, 0.3],
  ],
};
const BUZZ: Record<Cue, number[]> = { "round-start": [120], "last-ten": [40], "lock-in": [60], results: [80, 60, 120] };

let context: AudioContext | null = null;

function audio(): AudioContext | null {
  const Ctor = globalThis.AudioContext ?? (globalThis as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
  if (Ctor) context ??= new Ctor();
  return context;
}

/** True while the browser keeps this page silent until someone touches it (its autoplay rule). */
export const audioBlocked = (): boolean => audio()?.state === "suspended";

/** Asks for sound after a touch or key press; resolves to whether it now plays. */
export async function unlockAudio(): Promise<boolean> {
  await audio()?.resume();
  return !audioBlocked();
}

/** Plays a cue now. Browsers keep audio silent until the page is first touched; a cue before that is lost. */
export function playCue(cue: Cue): void {
  const context = audio();
  if (context) {
    if (context.state === "suspended") void context.resume();
    const t0 = context.currentTime;
    for (const [frequency, start, length] of NOTES[cue]) {
      const osc = context.createOscillator();
      const gain = context.createGain();
      osc.type = "triangle";
      osc.frequency.value = frequency;
      gain.gain.setValueAtTime(0.25, t0 + start);
      gain.gain.exponentialRampToValueAtTime(0.001, t0 + start + length);
      osc.connect(gain).connect(context.destination);
      osc.start(t0 + start);
      osc.stop(t0 + start + length);
    }
  }
  navigator.vibrate?.(BUZZ[cue]);
}
