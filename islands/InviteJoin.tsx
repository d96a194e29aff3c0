// The invite link's join form (docs/pages.md "Home"): what a guest who scanned the QR code sees first,
// on a phone whose scripts may take seconds to arrive. The server renders it as a real form that
// posts to JOIN_FORM_PATH (src/pages/join-form.ts), so it seats the guest with no JavaScript at all;
// once hydrated it sends the same fields over the REST join instead, keeping what was typed (the name
// field is uncontrolled: React leaves its text alone). A name whose seat nobody has used for a while
// is offered back after one confirmation (docs/rules.md "Taking a seat back").
import { useState, type FormEvent } from "react";
import { NAME_MAX } from "../src/game/settings";
import { useAction } from "./client/action";
import { BackToSeat, useHeldSeat } from "./client/held-seat";
import { joinLobby, takeBackBody } from "./client/join";
import { Refusal } from "./client/refusal";

/** Where the form posts; the `lobby` parameter routes it to the lobby's node on a cluster (docs/cluster.md "Routing"). */
export const joinFormAction = (code: string) => `/join?lobby=${encodeURIComponent(code)}`;

export interface Invite {
  code: string;
  /** open: the form; locked: said first, the form then only for a seat's owner; missing: no such lobby now */
  status: "open" | "locked" | "missing";
  /** what the guest typed, given back with a refusal of the form */
  name?: string;
  refusal?: string;
  /** the name's seat is free: the guest is asked whether it is theirs */
  takeBack?: string;
}

export default function InviteJoin(invite: Invite) {
  const { code, status } = invite;
  const action = useAction();
  const [acted, setActed] = useState(false);
  const [takeBack, setTakeBack] = useState(invite.takeBack ?? null);
  const seat = useHeldSeat();
  const back = seat && seat.code === code ? seat : null;
  const refusal = acted ? action.message : (invite.refusal ?? null);

  async function join(name: string, confirmed: boolean) {
    setActed(true);
    const res = await action.run("Failed to join lobby", () => joinLobby(code, name, confirmed), { leaving: true });
    setTakeBack(res.takeBack ?? null);
  }
  const submit = (confirmed: boolean) => (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const name = String(new FormData(e.currentTarget).get("playerName") ?? "").trim();
    if (name && !action.busy) void join(name, confirmed);
  };

  if (status === "missing") {
    return (
      <section className="card invite-join stack" aria-labelledby="invite-title">
        <h2 id="invite-title">{`No lobby ${code}`}</h2>
        <p>{`There is no open lobby with the code ${code}: it has ended, or the code is not quite right. Check it with the host, or start your own room below.`}</p>
      </section>
    );
  }
  return (
    <section className="card invite-join stack" aria-labelledby="invite-title">
      <h2 id="invite-title">{`Join lobby ${code}`}</h2>
      {status === "locked" && (
        <p className="notice">
          <b>{`Lobby ${code} is locked:`}</b> the host is not letting new players in. Had a seat here? Enter your name to take it back.
        </p>
      )}
      {back ? (
        // Joining again would only meet the player's own name as taken: the way back instead.
        <div className="row spread">
          <span>{`This device still has a seat in lobby ${code}.`}</span>
          <BackToSeat seat={back} />
        </div>
      ) : takeBack ? (
        <form method="post" action={joinFormAction(code)} className="stack take-back" aria-labelledby="take-back-title" onSubmit={submit(true)}>
          <h3 id="take-back-title">
            Take back <bdi>{takeBack}</bdi>’s seat?
          </h3>
          <p dir="auto">{takeBackBody(takeBack)}</p>
          <input type="hidden" name="code" value={code} />
          <input type="hidden" name="playerName" value={takeBack} />
          <input type="hidden" name="takeBack" value="1" />
          <div className="row spread">
            <a
              className="button ghost"
              href={`/?join=${encodeURIComponent(code)}`}
              onClick={(e) => {
                e.preventDefault();
                setTakeBack(null);
              }}
            >
              Cancel
            </a>
            <button type="submit" className="primary" disabled={action.busy}>
              Take back seat
            </button>
          </div>
          <Refusal message={acted ? action.message : null} />
        </form>
      ) : (
        <form method="post" action={joinFormAction(code)} className="stack" aria-labelledby="invite-title" onSubmit={submit(false)}>
          <input type="hidden" name="code" value={code} />
          <label htmlFor="invite-name">Your name</label>
          <input
            id="invite-name"
            name="playerName"
            placeholder="Enter your name"
            maxLength={NAME_MAX}
            required
            autoFocus
            autoComplete="nickname"
            enterKeyHint="go"
            dir="auto"
            defaultValue={invite.name}
          />
          <button type="submit" className="primary" disabled={action.busy}>
            Join
          </button>
          <Refusal message={refusal} />
        </form>
      )}
    </section>
  );
}
