// 'Join a lobby': a 4-character code (forced to upper case) and a name.
import { useState } from "react";
import { CODE_LENGTH, NAME_MAX } from "../src/game/settings";
import { joinLobby } from "./client/join";
import { Refusal } from "./client/refusal";

export default function JoinCard() {
  const [code, setCode] = useState("");
  const [name, setName] = useState("");
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const ready = code.trim() !== "" && name.trim() !== "" && !busy;

  return (
    <form
      className="stack"
      onSubmit={async (e) => {
        e.preventDefault();
        if (!ready) return;
        setBusy(true);
        const why = await joinLobby(code, name);
        setRefusal(why);
        if (why) setBusy(false);
      }}
    >
      <label htmlFor="join-code">Lobby code</label>
      <input
        id="join-code"
        placeholder="ABCD"
        maxLength={CODE_LENGTH}
        autoCapitalize="characters"
        autoComplete="off"
        spellCheck={false}
        value={code}
        onChange={(e) => setCode(e.target.value.toUpperCase().slice(0, CODE_LENGTH))}
      />
      <label htmlFor="join-name">Your name</label>
      <input id="join-name" placeholder="Enter your name" maxLength={NAME_MAX} autoComplete="nickname" value={name} onChange={(e) => setName(e.target.value.slice(0, NAME_MAX))} />
      <button type="submit" className="blue" disabled={!ready}>
        Join
      </button>
      <Refusal message={refusal} />
    </form>
  );
}
