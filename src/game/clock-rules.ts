// A step of the server's wall clock (a Pi setting its time from the network after boot) moves every
// deadline the state holds by the same amount, so the time left is what it was: a forward step does
// not end the round at once, a backward one does not freeze it. Deadlines stay absolute wall-clock
// times, so a restart still keeps them. The timers need nothing: they wait on monotonic time, which
// did not step. Nothing is told: no secret moves, and no one's time changed.
import { accept, type Outcome } from "./outcome";
import type { LobbyState } from "./types";

export function clockStep(state: LobbyState, by: number): Outcome {
  const round = state.game?.currentRound;
  const awaySince = state.hostAwaySince;
  let next = state;
  if (typeof awaySince === "number") next = { ...next, hostAwaySince: awaySince + by };
  if (state.game && round) next = { ...next, game: { ...state.game, currentRound: { ...round, endsAt: round.endsAt + by } } };
  return accept(next);
}
