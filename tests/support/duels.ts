// Builders for Duels rules tests: a Duels lobby of n players, a started game, and a round played by a
// table of plays.
import type { Command } from "../../src/game/commands";
import { createLobby } from "../../src/game/lobby-rules";
import type { LobbyState } from "../../src/game/types";
import type { Effect } from "../../src/game/effects";
import type { ServerEvent, ServerEvents } from "../../src/game/server-events";
import { emitted, HOST, pid, questions, run, T0 } from "./builders";

/** The ids of a Duel of `n`: the host, then p2..pn in joining order. */
export const duellists = (n: number) => [HOST, ...Array.from({ length: n - 1 }, (_, i) => pid(i + 2))];

export function duelLobby(players = 4): LobbyState {
  let state = createLobby("DUEL", HOST, "Host", T0, "duels");
  for (let n = 2; n <= players; n++) state = run(state, { type: "join", playerId: pid(n), name: `P${n}` }).state;
  return state;
}

export function duelGame(players = 4, rounds = 3): LobbyState {
  const state = run(duelLobby(players), { type: "updateSettings", by: HOST, settings: { rounds } }).state;
  return run(state, { type: "startGame", by: HOST, questions: questions(rounds) }).state;
}

export const lockIn = (playerId: string, answer: string, roundNumber = 1): Command => ({ type: "submit", playerId, roundNumber, answer, isSteal: false });
export const stealOn = (playerId: string, roundNumber = 1): Command => ({ type: "submit", playerId, roundNumber, answer: "", isSteal: true });

/** The payload of the first `event` emitted, typed as the event contract says. */
export function payloadOf<E extends ServerEvent>(effects: Effect[], event: E): ServerEvents[E] {
  const found = emitted(effects, event)[0];
  if (!found) throw new Error(`no ${event} emitted`);
  return found.payload as ServerEvents[E];
}
