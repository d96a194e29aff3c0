// 'Start a new room': mode tiles (Teams, Tournament, Duels), a name, and Host.
import { useState } from "react";
import { NAME_MAX } from "../src/game/settings";
import type { Mode } from "../src/game/types";
import { useAction } from "./client/action";
import { api, type Answers } from "./client/api";
import { go } from "./client/navigate";
import { Refusal } from "./client/refusal";
import { saveSession } from "./client/token";

const MODES: { mode: Mode; name: string; icon: string }[] = [
  // Chess glyphs: a nod to the name, and present in every system font, unlike emoji.
  { mode: "teams", name: "Teams", icon: "♜" },
  { mode: "tournament", name: "Tournament", icon: "♛" },
  { mode: "duels", name: "Duels", icon: "♞" },
];

export default function HostCard() {
  const [name, setName] = useState("");
  const [mode, setMode] = useState<Mode>("teams");
  const action = useAction();

  async function host() {
    const res = await action.run("Failed to create lobby", () => api<Answers["seated"]>("POST", "/api/lobby/create", { playerName: name.trim(), mode }, false), { leaving: true });
    if (res.success && typeof res.token === "string" && res.lobby) {
      saveSession(res.token, res.lobby.code);
      go(`/lobby/${res.lobby.code}`);
    }
  }

  return (
    <form
      className="stack"
      onSubmit={(e) => {
        e.preventDefault();
        if (name.trim()) void host();
      }}
    >
      <div className="modes" role="group" aria-label="Game mode">
        {MODES.map((m) => (
          <button key={m.name} type="button" className="mode" aria-pressed={m.mode === mode} onClick={() => setMode(m.mode)}>
            <span aria-hidden="true" className="glyph">
              {m.icon}
            </span>
            {m.name}
          </button>
        ))}
      </div>
      <label htmlFor="host-name">Your name</label>
      <input id="host-name" placeholder="Enter your name" maxLength={NAME_MAX} autoComplete="nickname" dir="auto" value={name} onChange={(e) => setName(e.target.value.slice(0, NAME_MAX))} />
      <button type="submit" className="primary" disabled={!name.trim() || action.busy}>
        Host
      </button>
      <Refusal message={action.message} />
    </form>
  );
}
