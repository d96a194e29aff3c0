// Both team cards (docs/pages.md "Lobby", docs/rules.md "Teams"): a captain slot, member rows, and the seat buttons.
// The Island wrapper is already the `.grid.lobby`, so the two cards are returned side by side. A Duel
// has no teams: one card lists its players (docs/rules.md "Duels").
import { useSignals } from "@preact/signals-react/runtime";
import { useState } from "react";
import { MAX_TEAM_SIZE } from "../src/game/settings";
import { DUEL_MAX } from "../src/game/duels/duel-rules";
import type { Team } from "../src/game/types";
import type { LobbyView, PlayerView } from "../src/game/views";
import { useAction } from "./client/action";
import { api } from "./client/api";
import { useConfirm } from "./client/confirm";
import { Refusal } from "./client/refusal";
import { useStore } from "./client/store";

// A shape as well as a colour, so the teams stay apart for colour-blind players.
const TEAMS: { team: Team; title: string; shape: string }[] = [
  { team: "blue", title: "Blue Team", shape: "●" },
  { team: "red", title: "Red Team", shape: "▲" },
];

interface Viewer {
  me: PlayerView | null;
  isHost: boolean;
  busy: boolean;
  select: (team: Team, isCaptain: boolean) => void;
  kick: (player: PlayerView) => void;
  makeHost: (player: PlayerView) => void;
  /** the last refused action, shown in the card where it was taken */
  refused: { team: Team; message: string | null } | null;
}

export default function TeamPanels() {
  useSignals();
  const store = useStore();
  const action = useAction();
  const [actedOn, setActedOn] = useState<Team>("blue");
  const confirm = useConfirm();
  const lobby = store.lobby.value;
  if (!lobby) return null;
  const act = (team: Team, fallback: string, path: string, body: unknown) => {
    setActedOn(team);
    void action.run(fallback, () => api("POST", path, body));
  };

  // The store follows the socket events; the call's own lobby is not applied, because an answer
  // that arrives after a newer event would roll the teams back.
  const viewer: Viewer = {
    me: store.me.value,
    isHost: store.isHost.value,
    busy: action.busy,
    select: (team, isCaptain) => act(team, "Failed to join team", "/api/lobby/teamSelect", { team, isCaptain }),
    kick: (player) =>
      confirm.ask({
        title: `Kick ${player.name}?`,
        body: `${player.name} is sent home from this lobby.`,
        action: "Kick",
        run: () => act(player.team ?? "blue", "Failed to kick player", "/api/lobby/kickPlayer", { playerId: player.id }),
      }),
    // Asks once, as Kick does: the role does not come back by itself (docs/decisions.md "The host runs the room").
    makeHost: (player) =>
      confirm.ask({
        title: `Make ${player.name} the host?`,
        body: `${player.name} runs the game from now on: starting rounds, pausing, settings. You become a regular player.`,
        action: "Make host",
        run: () => act(player.team ?? "blue", "Failed to hand over the host role", "/api/lobby/transferHost", { playerId: player.id }),
      }),
    refused: { team: actedOn, message: action.message },
  };
  const sitOut = () => act("blue", "Failed to sit out", "/api/lobby/sitOut", {});
  if (lobby.mode) {
    return (
      <>
        <Duellists players={lobby.players ?? []} viewer={viewer} tournament={lobby.mode === "tournament"} />
        {confirm.dialog}
      </>
    );
  }
  return (
    <>
      {TEAMS.map((t) => (
        <TeamCard key={t.team} {...t} lobby={lobby} viewer={viewer} />
      ))}
      <Quizmaster lobby={lobby} viewer={viewer} sitOut={sitOut} />
      {confirm.dialog}
    </>
  );
}

function TeamCard({ team, title, shape, lobby, viewer }: { team: Team; title: string; shape: string; lobby: LobbyView; viewer: Viewer }) {
  const { me, busy, select } = viewer;
  const players = team === "blue" ? lobby.blueTeam : lobby.redTeam;
  const captain = lobby.captains[team] ?? players.find((p) => p.isCaptain) ?? null;
  const members = players.filter((p) => p.id !== captain?.id);
  const full = players.length >= MAX_TEAM_SIZE;
  // Before the session knows who is looking (server render, first paint) seat buttons stay inert.
  const seated = me?.team === team;
  const canJoin = !full && !(seated && !me?.isCaptain);

  return (
    <section className={`card team ${team}-t stack`} aria-labelledby={`${team}-title`}>
      <h2 id={`${team}-title`}>
        <span className="shape" aria-hidden="true">
          {shape}
        </span>
        {`${title} (${players.length}/${MAX_TEAM_SIZE})`}
      </h2>
      {captain ? (
        <>
          <Seat player={captain} viewer={viewer} captain />
          {/* The first player on a team is its captain by themselves; anyone may still take the role (docs/rules.md "Teams"). */}
          {me && me.id !== captain.id && (seated || !full) && (
            <button type="button" className="ghost small take-captain" disabled={busy} onClick={() => select(team, true)}>
              Become Captain
            </button>
          )}
        </>
      ) : (
        <div className="slot vacant">
          <span className="badge">CAPTAIN</span>
          <button type="button" className="primary" disabled={!me || busy || (full && !seated)} onClick={() => select(team, true)}>
            Become Captain
          </button>
        </div>
      )}
      <ul className="players" aria-label={`${title} members`}>
        {members.map((p) => (
          <li key={p.id}>
            <Seat player={p} viewer={viewer} />
          </li>
        ))}
        {members.length === 0 && <li className="muted">No members yet</li>}
      </ul>
      {canJoin && (
        <button type="button" className={team} disabled={!me || busy} onClick={() => select(team, false)}>
          Join as Member
        </button>
      )}
      <Refusal message={viewer.refused?.team === team ? viewer.refused.message : null} />
    </section>
  );
}

/**
 * The host may sit out of both teams as quizmaster (src/game/quizmaster-rules.ts); the lobby says so
 * to everyone. Taking a seat on a team (the team cards' buttons) ends it.
 */
function Quizmaster({ lobby, viewer, sitOut }: { lobby: LobbyView; viewer: Viewer; sitOut: () => void }) {
  const quizmaster = lobby.quizmaster;
  if (quizmaster) {
    const mine = viewer.me?.id === quizmaster.id;
    return (
      <section className="card quizmaster" aria-labelledby="quizmaster-title">
        <h2 id="quizmaster-title">Quizmaster</h2>
        <p>
          <b>
            <bdi>{quizmaster.name}</bdi>
          </b>
          {mine && (
            <>
              {" "}
              <span className="badge you">YOU</span>
            </>
          )}{" "}
          sits out of both teams and runs the game: no answering, no stealing, no team chat.
        </p>
        {mine && <p className="muted">To play, join a team with its buttons above.</p>}
      </section>
    );
  }
  if (!viewer.isHost || lobby.gameState) return null;
  return (
    <section className="card quizmaster" aria-labelledby="quizmaster-title">
      <h2 id="quizmaster-title">Quizmaster</h2>
      <p className="muted">Wrote the questions? Sit out of both teams and run the game without playing.</p>
      <button type="button" className="ghost" disabled={viewer.busy} onClick={sitOut}>
        Sit out as quizmaster
      </button>
    </section>
  );
}

/** A Duel's players (everyone for themself, paired head to head each round), or a Tournament's entrants. */
function Duellists({ players, viewer, tournament }: { players: PlayerView[]; viewer: Viewer; tournament: boolean }) {
  return (
    <section className="card duellists stack" aria-labelledby="duellists-title">
      <h2 id="duellists-title">{`Players (${players.length}/${DUEL_MAX})`}</h2>
      <p className="muted">
        {tournament
          ? "A knockout bracket, drawn at random when the game starts: each match is best of three questions, sudden death when level. It plays to its champion."
          : "Everyone plays for themself: each round you face another player head to head, with the same question for all."}
      </p>
      <ul className="players" aria-label="Players">
        {players.map((p) => (
          <li key={p.id}>
            <Seat player={p} viewer={viewer} />
          </li>
        ))}
      </ul>
      <Refusal message={viewer.refused?.message ?? null} />
    </section>
  );
}

/** One occupied slot: name, badges, an away marker (not just dimming), and the host's kick. */
function Seat({ player, viewer, captain = false }: { player: PlayerView; viewer: Viewer; captain?: boolean }) {
  const mine = viewer.me?.id === player.id;
  return (
    <div className="slot">
      {/* Only the name dims: the host's kick must still look live for an away player. */}
      <span className={player.connected ? "who" : "who off"}>
        {captain && <span className="badge gold">CAPTAIN</span>}
        <bdi>{player.name}</bdi>
        {mine && <span className="badge you">YOU</span>}
        {!player.connected && <span className="away">(away)</span>}
      </span>
      {viewer.isHost && !mine && (
        <span className="seat-actions">
          <button type="button" className="ghost small" aria-label={`Make host: ${player.name}`} disabled={viewer.busy} onClick={() => viewer.makeHost(player)}>
            Make host
          </button>
          <button type="button" className="danger kick" aria-label={`Kick ${player.name}`} onClick={() => viewer.kick(player)}>
            Kick
          </button>
        </span>
      )}
    </div>
  );
}
