// Small builders for rules tests: lobbies with players and captains, games, and one-line assertions.
import { expect } from "bun:test";
import type { Command, Refusal, RefusalKind } from "../../src/game/commands";
import type { Effect } from "../../src/game/effects";
import { createLobby } from "../../src/game/lobby-rules";
import type { Accepted, Outcome } from "../../src/game/outcome";
import { reduce } from "../../src/game/reduce";
import type { LobbyState, Question, RoundResult, Team } from "../../src/game/types";

export const T0 = 1_700_000_000_000;
export const HOST = "host";
/** Ids of the players `lobby()` seats after the host: p2, p3, ... */
export const pid = (n: number) => `p${n}`;

export function accepted(outcome: Outcome): Accepted {
  if (!outcome.ok) throw new Error(`refused ${outcome.kind}: ${outcome.message}`);
  return outcome;
}

/** Runs a command that must be accepted. */
export function run(state: LobbyState, command: Command, now = T0): Accepted {
  return accepted(reduce(state, command, { now }));
}

/** Runs a command that must be refused as `kind`, and checks the state was left exactly as it was. */
export function expectRefused(state: LobbyState, command: Command, kind: RefusalKind, now = T0): Refusal {
  const before = structuredClone(state);
  const outcome = reduce(state, command, { now });
  if (outcome.ok) throw new Error(`${command.type} was accepted, expected a refusal (${kind})`);
  expect(outcome.kind).toBe(kind);
  expect(typeof outcome.message).toBe("string");
  expect(state).toEqual(before);
  return outcome;
}

/**
 * A lobby of `players` people: the host (id "host", on blue) and p2..pN, who join in turn and so
 * alternate red, blue, red... Captains come by themselves: the host captains blue and p2 red.
 */
export function lobby(players = 4): LobbyState {
  let state = createLobby("ABCD", HOST, "Host", T0);
  for (let n = 2; n <= players; n++) state = run(state, { type: "join", playerId: pid(n), name: `P${n}` }).state;
  return state;
}

export const question = (n: number): Question => ({
  question: `Which secret word is number ${n}?`,
  answer: `Quokka${n}`,
  aliases: [],
  category: "General",
});

export const questions = (count: number) => Array.from({ length: count }, (_, i) => question(i + 1));

/** A lobby with captains and a started game of `rounds` rounds (phase idle). */
export function game(rounds = 3, { players = 4, roundLimit = 60 } = {}): LobbyState {
  let state = lobby(players);
  state = run(state, { type: "updateSettings", by: HOST, settings: { rounds, roundLimit } }).state;
  return run(state, { type: "startGame", by: HOST, questions: questions(rounds) }).state;
}

/** The next round started by the host at `now`. */
export const startRound = (state: LobbyState, now = T0) => run(state, { type: "startRound", by: HOST }, now);

/** A player of each team, for submitting: the captains. */
export const memberOf = (team: Team) => (team === "blue" ? HOST : pid(2));

/** What a team does in a round, for scoring tables. */
export type Move = "correct" | "wrong" | "steal" | "none";

/** Plays the current game's next round with these moves and returns the judged result and state. */
export function playRound(state: LobbyState, moves: Record<Team, Move>, now = T0): { state: LobbyState; result: RoundResult; effects: Effect[] } {
  let s = startRound(state, now).state;
  const number = s.game!.currentRoundNumber;
  for (const team of ["blue", "red"] as const) {
    const move = moves[team];
    if (move === "none") continue;
    const answer = move === "correct" ? "right guess" : move === "wrong" ? "wrong guess" : "";
    s = run(s, { type: "submit", playerId: memberOf(team), team, roundNumber: number, answer, isSteal: move === "steal" }, now + 1000).state;
  }
  if (s.game!.phase === "question") s = run(s, { type: "timeUp", roundNumber: number }, s.game!.currentRound!.endsAt).state;
  const verdicts = { blue: moves.blue === "correct", red: moves.red === "correct" };
  const out = run(s, { type: "judged", roundNumber: number, verdicts });
  return { state: out.state, result: out.state.game!.rounds.at(-1)!, effects: out.effects };
}

type Emit = Extract<Effect, { type: "emit" }>;
export const emits = (effects: Effect[]) => effects.filter((e): e is Emit => e.type === "emit");
export const emitted = (effects: Effect[], event: string) => emits(effects).filter((e) => e.event === event);
export const ofType = <K extends Effect["type"]>(effects: Effect[], type: K) => effects.filter((e): e is Extract<Effect, { type: K }> => e.type === type);
