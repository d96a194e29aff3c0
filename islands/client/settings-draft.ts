// The host's settings as they stand on screen (docs/decisions.md "The game explains itself and forgives slips: the lobby, home page and host actions"): the settings panel edits
// them, Update Settings saves them, and Start Game saves them first, so a game never starts with
// values the host has already typed over.
import type { Settings } from "../../src/game/types";
import { clampRoundLimit, clampRounds } from "../../src/game/settings";
import type { Action } from "./action";
import { api, type Answers } from "./api";
import type { Store } from "./store";

/**
 * The settings (their type is settingsSchema's) with every number kept as text while typed, so the
 * host can clear a field and type a new value; a setting added to the schema is in the draft too.
 */
export type SettingsDraft = { [K in keyof Settings]: Settings[K] extends number ? string : Settings[K] };

/** Saves the draft, if any (clamped as docs/rules.md "Settings" says), as the action of the island that asked; false when the server refused it. */
export async function saveSettingsDraft(store: Store, action: Action): Promise<boolean> {
  const draft = store.settingsDraft.value;
  if (!draft) return true;
  const next: Settings = { rounds: clampRounds(draft.rounds), roundLimit: clampRoundLimit(draft.roundLimit), tags: draft.tags };
  store.settingsDraft.value = { rounds: String(next.rounds), roundLimit: String(next.roundLimit), tags: next.tags };
  const res = await action.run("Failed to update settings", () => api<Answers["settings"]>("POST", "/api/lobby/updateSettings", { settings: next }));
  if (!res.success) return false; // the draft stays, so the host can try again
  const lobby = store.lobby.value;
  if (lobby && res.settings) store.lobby.value = { ...lobby, settings: res.settings };
  store.settingsDraft.value = null;
  return true;
}
