// 'Game Settings' (docs/pages.md "Lobby", docs/rules.md "Settings"): rounds, round limit and category tags. Everyone sees them;
// only the host edits them and sends 'Update Settings'.
import { useSignals } from "@preact/signals-react/runtime";
import { useState } from "react";
import {
  canAddTag,
  clampRounds,
  DEFAULT_SETTINGS,
  MAX_TAGS,
  ROUND_LIMIT_MAX,
  ROUND_LIMIT_MIN,
  ROUNDS_MAX,
  ROUNDS_MIN,
  TAG_MAX,
} from "../src/game/settings";
import { useAction } from "./client/action";
import { Refusal } from "./client/refusal";
import { saveSettingsDraft, type SettingsDraft } from "./client/settings-draft";
import { useStore } from "./client/store";
import TagSources from "./questions/TagSources";

export default function SettingsPanel() {
  useSignals();
  const store = useStore();
  const isHost = store.isHost.value;
  const settings = store.lobby.value?.settings ?? DEFAULT_SETTINGS;
  // Fetched by the host's page only (the Your Questions island), so only the host reads where questions come from.
  const book = store.questionBook.value;
  // null while nobody edits: the panel then shows the lobby's settings as events bring them.
  // Once the host edits, the draft holds until it is saved, so an event never wipes their typing.
  // It lives in the store because Start Game saves it too.
  const draft = store.settingsDraft.value;
  const [tagText, setTagText] = useState("");
  const action = useAction();
  const shown: SettingsDraft = draft ?? { rounds: String(settings.rounds), roundLimit: String(settings.roundLimit), tags: settings.tags };
  const edit = (patch: Partial<SettingsDraft>) => (store.settingsDraft.value = { ...shown, ...patch });
  const canType = isHost && shown.tags.length < MAX_TAGS;
  // A tournament plays to its champion, whatever the rounds setting (docs/rules.md "Tournament"): no field for it.
  const tournament = store.lobby.value?.mode === "tournament";

  function addTag() {
    if (!canType || !tagText.trim()) return;
    // A duplicate (ignoring case) is already there, so the input just clears.
    if (canAddTag(shown.tags, tagText)) edit({ tags: [...shown.tags, tagText.trim()] });
    setTagText("");
  }

  async function save() {
    store.settingsDraft.value = shown;
    await saveSettingsDraft(store, action);
  }

  return (
    <form
      className="card stack"
      aria-labelledby="settings-title"
      // The spec clamps out-of-range numbers; native validation would block the send instead.
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        if (isHost && !action.busy) void save();
      }}
    >
      <h2 id="settings-title">Game Settings</h2>
      <div className="fields">
        {!tournament && (
          <div className="stack">
            <label htmlFor="set-rounds">
              Rounds <span className="hint">({ROUNDS_MIN}-{ROUNDS_MAX})</span>
            </label>
            <input id="set-rounds" type="number" inputMode="numeric" min={ROUNDS_MIN} max={ROUNDS_MAX} disabled={!isHost} value={shown.rounds} onChange={(e) => edit({ rounds: e.target.value })} />
          </div>
        )}
        <div className="stack">
          <label htmlFor="set-limit">
            Round Limit <span className="hint">({ROUND_LIMIT_MIN}-{ROUND_LIMIT_MAX} s)</span>
          </label>
          <input id="set-limit" type="number" inputMode="numeric" min={ROUND_LIMIT_MIN} max={ROUND_LIMIT_MAX} disabled={!isHost} value={shown.roundLimit} onChange={(e) => edit({ roundLimit: e.target.value })} />
        </div>
      </div>
      <label htmlFor="set-tag">Tags</label>
      <ul className="chips" aria-label="Categories">
        {shown.tags.map((tag) => (
          <li key={tag} className="chip">
            <bdi>{tag}</bdi>
            {isHost && (
              <button type="button" aria-label={`Remove ${tag}`} onClick={() => edit({ tags: shown.tags.filter((t) => t !== tag) })}>
                ×
              </button>
            )}
          </li>
        ))}
        {shown.tags.length === 0 && <li className="muted">General (default)</li>}
      </ul>
      <div className="row nowrap">
        <input
          id="set-tag"
          placeholder="Add category"
          maxLength={TAG_MAX}
          autoComplete="off"
          dir="auto"
          disabled={!canType}
          value={tagText}
          onChange={(e) => setTagText(e.target.value)}
          onKeyDown={(e) => {
            // Enter adds the tag instead of submitting the form; not while an IME is composing.
            if (e.key !== "Enter" || e.nativeEvent.isComposing) return;
            e.preventDefault();
            addTag();
          }}
        />
        <button type="button" className="ghost" aria-label="Add category" disabled={!canType || !tagText.trim()} onClick={addTag}>
          Add
        </button>
      </div>
      {isHost && book && <TagSources tags={shown.tags} rounds={clampRounds(shown.rounds)} book={book} />}
      {isHost && (
        <button type="submit" className="primary" disabled={action.busy}>
          Update Settings
        </button>
      )}
      <Refusal message={action.message} />
    </form>
  );
}
