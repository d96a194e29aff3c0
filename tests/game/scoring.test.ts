// The scoring table of docs/rules.md "Scoring", row by row, with each team in turn as "A".
import { describe, expect, test } from "bun:test";
import { roundGains, winnerOf, type Play } from "../../src/game/scoring";
import type { Team } from "../../src/game/types";
import { game, playRound, type Move } from "../support/builders";

const play = (move: Move): Play => (move === "none" ? { kind: "none" } : move === "steal" ? { kind: "steal" } : { kind: "answer", correct: move === "correct" });

// [what A did, what B did, A gains, B gains], straight from the table.
const TABLE: [string, Move, Move, number, number][] = [
  ["both answer, both correct", "correct", "correct", 1, 1],
  ["both answer, only A correct", "correct", "wrong", 1, 0],
  ["both answer, only B correct", "wrong", "correct", 0, 1],
  ["both answer, both wrong", "wrong", "wrong", 0, 0],
  ["A steals, B answered correctly: the point is stolen", "steal", "correct", 2, 0],
  ["A steals, B answered wrongly: failed steal", "steal", "wrong", 0, 2],
  ["A steals, B did not answer: failed steal", "steal", "none", 0, 2],
  ["both steal", "steal", "steal", 0, 0],
  ["A no answer, B answers correctly", "none", "correct", 0, 1],
  ["A no answer, B answers wrongly", "none", "wrong", 0, 0],
  ["no answers at all", "none", "none", 0, 0],
];

const expectedWinner = (a: Team, gainA: number, gainB: number) => (gainA === gainB ? "tie" : gainA > gainB ? a : a === "blue" ? "red" : "blue");

for (const a of ["blue", "red"] as const) {
  const b: Team = a === "blue" ? "red" : "blue";
  describe(`scoring table with ${a} as A`, () => {
    for (const [row, moveA, moveB, gainA, gainB] of TABLE) {
      test(`${row}: A +${gainA}, B +${gainB}`, () => {
        const moves = { [a]: moveA, [b]: moveB } as Record<Team, Move>;
        const points = roundGains(play(moves.blue), play(moves.red));
        expect(points[a]).toBe(gainA);
        expect(points[b]).toBe(gainB);
        expect(winnerOf(points)).toBe(expectedWinner(a, gainA, gainB));
      });

      test(`${row}: a judged round records the same points, winner and scores`, () => {
        const moves = { [a]: moveA, [b]: moveB } as Record<Team, Move>;
        const { state, result } = playRound(game(3), moves);
        const gained = { blue: result.plays.blue.points, red: result.plays.red.points };
        expect(gained[a]).toBe(gainA);
        expect(gained[b]).toBe(gainB);
        expect(result.winner).toBe(expectedWinner(a, gainA, gainB));
        expect(state.game!.scores).toEqual(gained);
        expect(result.plays.blue.steal).toBe(moves.blue === "steal");
        expect(result.plays.red.steal).toBe(moves.red === "steal");
      });
    }
  });
}

describe("round winner", () => {
  test("the team that gained more wins the round", () => {
    expect(winnerOf({ blue: 2, red: 0 })).toBe("blue");
    expect(winnerOf({ blue: 0, red: 1 })).toBe("red");
    expect(winnerOf({ blue: 1, red: 2 })).toBe("red");
  });

  test("equal gains are a tie, including nothing for either", () => {
    expect(winnerOf({ blue: 1, red: 1 })).toBe("tie");
    expect(winnerOf({ blue: 0, red: 0 })).toBe("tie");
  });

  test("scores add up over rounds", () => {
    let state = game(3);
    state = playRound(state, { blue: "correct", red: "wrong" }).state; // 1 - 0
    state = playRound(state, { blue: "correct", red: "steal" }).state; // 1 - 2
    state = playRound(state, { blue: "none", red: "correct" }).state; // 1 - 3
    expect(state.game!.scores).toEqual({ blue: 1, red: 3 });
    expect(state.game!.rounds.map((r) => r.winner)).toEqual(["blue", "red", "red"]);
  });
});
