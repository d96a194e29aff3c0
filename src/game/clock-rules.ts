// A step of the server's wall clock (a Pi setting its time from the network after boot) moves every
// deadline the state holds by the same amount, so the time left is what it was: a forward step does
// not end the round at once, a backward one does not freeze it. Deadlines stay absolute wall-clock
// times, so a restart still keeps them. The timers need nothing: they wait on monotonic time, which
// did not step. Nothing is told: no secret moves, and no one's time changed.
import { accept, type Outcome } from "./outcome";
import type { LobbyState } from "./types";

export function clockStep(state: LobbyState, by: number): Outcome {
  return accept(shifted(state, by));
}

/**
 * Every time the state holds moved by `by` ms: a round's deadline, a pause's start (so the time left
 * at the pause is kept), the host's absence and hand-off. A clock step uses it, and so does a restart
 * giving back the time the server was down (src/lobbies/downtime.ts).
 */
export function shifted(state: LobbyState, by: number): LobbyState {
  const game = state.game;
  const round = game?.currentRound;
  const move = (t: number | null | undefined) => (typeof t === "number" ? t + by : t);
  let next: LobbyState = { ...state, hostAwaySince: move(state.hostAwaySince), hostHandoffAt: move(state.hostHandoffAt) };
  if (game) next = { ...next, game: { ...game, pausedAt: move(game.pausedAt), currentRound: round ? { ...round, endsAt: round.endsAt + by } : null } };
  return next;
}
