// 'Join a lobby': a 4-character code (forced to upper case) and a name. The code of a lobby where this
// device still holds a seat offers the way back instead (docs/decisions.md "The game explains itself and forgives slips: the lobby, home page and host actions"): joining again would meet the
// player's own name as taken.
import { useState } from "react";
import { CODE_LENGTH, NAME_MAX } from "../src/game/settings";
import { useAction } from "./client/action";
import { BackToSeat, useHeldSeat } from "./client/held-seat";
import { useConfirm } from "./client/confirm";
import { joinLobby, takeBackBody } from "./client/join";
import { go } from "./client/navigate";
import { Refusal } from "./client/refusal";

export default function JoinCard() {
  const [code, setCode] = useState("");
  const [name, setName] = useState("");
  const action = useAction();
  const confirm = useConfirm();
  const ready = code.trim() !== "" && name.trim() !== "" && !action.busy;
  const seat = useHeldSeat();
  const back = seat && seat.code === code.trim() ? seat : null;

  return (
    <form
      className="stack"
      onSubmit={async (e) => {
        e.preventDefault();
        if (!ready) return;
        // Their own name again: the seat is theirs already.
        if (back && back.name.toLowerCase() === name.trim().toLowerCase()) return go(`/lobby/${back.code}`);
        const res = await action.run("Failed to join lobby", () => joinLobby(code, name), { leaving: true });
        // The name is a seat nobody is using: one confirmation takes it back (docs/rules.md "Taking a seat back").
        const seatName = res.takeBack;
        if (seatName)
          confirm.ask({ title: `Take back ${seatName}’s seat?`, body: takeBackBody(seatName), action: "Take back seat", run: () => void action.run("Failed to join lobby", () => joinLobby(code, seatName, true), { leaving: true }) });
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
      {back && <BackToSeat seat={back} />}
      <Refusal message={action.message} />
      {confirm.dialog}
    </form>
  );
}
