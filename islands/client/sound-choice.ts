// Whether sound cues play is a per-device choice, kept in localStorage: on by default for the shared
// TV, off for phones. Kept apart from the synthesiser (sound.ts) so a page loads that only when sound is on.
import type { Screen } from "./sound";

const KEY = "stealmate:sound";

export function soundOn(screen: Screen): boolean {
  try {
    const saved = localStorage.getItem(KEY);
    return saved === null ? screen === "tv" : saved === "on";
  } catch {
    return screen === "tv";
  }
}

export function rememberSound(on: boolean): void {
  try {
    localStorage.setItem(KEY, on ? "on" : "off");
  } catch {
    // Storage refused (private mode): the choice lasts for this page.
  }
}
