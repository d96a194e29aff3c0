// Builders for Tournament rules tests: a Tournament lobby of n players and a game started with a given draw.
import { createLobby } from "../../src/game/lobby-rules";
import { questionsFor } from "../../src/game/tournament/tournament-rules";
import type { LobbyState } from "../../src/game/types";
import { HOST, pid, questions, run, T0 } from "./builders";

export function tournamentLobby(players: number): LobbyState {
  let state = createLobby("CUPS", HOST, "Host", T0, "tournament");
  for (let n = 2; n <= players; n++) state = run(state, { type: "join", playerId: pid(n), name: `P${n}` }).state;
  return state;
}

/** A started tournament of `players`, drawn in `order`, with `count` questions (as many as it may ask by default). */
export function tournamentGame(players: number, order: string[], count = questionsFor(players)): LobbyState {
  return run(tournamentLobby(players), { type: "startGame", by: HOST, questions: questions(count), order }).state;
}
