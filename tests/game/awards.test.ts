// The summary's awards from fixed games (docs/rules.md "Awards"): each names its player and its
// reason; none without evidence; ties named as ties; a player who left is named as recorded.
import { describe, expect, test } from "bun:test";
import { awardLine, awardsOf, type RoundPlays } from "../../src/game/awards";
import { reduce } from "../../src/game/reduce";
import type { LobbyState } from "../../src/game/types";
import { game, HOST, pid, run, startRound, T0 } from "../support/builders";

type Kind = "right" | "wrong" | "steal" | "none";
const locker = (name: string, ms: number) => ({ playerId: name.toLowerCase(), name, ms });

/** One team's play: its kind, its points, and who locked it when. */
function play(kind: Kind, points: number, who?: [string, number]): RoundPlays["blue"] {
  return { steal: kind === "steal", correct: kind === "right" ? true : kind === "wrong" ? false : null, points, lockedBy: who ? locker(...who) : null };
}

describe("awards", () => {
  test("a game with steals, right answers and times: one award of each, with reasons in words", () => {
    const rounds: RoundPlays[] = [
      { blue: play("right", 0, ["Ana", 4_000]), red: play("steal", 2, ["Ben", 2_500]) },
      { blue: play("right", 1, ["Cy", 1_230]), red: play("wrong", 0, ["Dee", 900]) },
      { blue: play("right", 0, ["Ana", 5_000]), red: play("steal", 2, ["Ben", 2_000]) },
      { blue: play("right", 1, ["Ana", 3_000]), red: play("none", 0) },
    ];
    expect(awardsOf(rounds).map(awardLine)).toEqual([
      "Master thief: Ben, 2 steals that paid off",
      "Sharpshooter: Ana, 3 right answers",
      // Dee was faster, but a wrong answer scores nothing.
      "Fastest finger: Cy, scored with a lock in 1.2 s",
    ]);
  });

  test("a game where nobody stole has no thief; one where nothing scored has no award at all", () => {
    const honest: RoundPlays[] = [{ blue: play("right", 1, ["Ana", 3_000]), red: play("wrong", 0, ["Ben", 2_000]) }];
    expect(awardsOf(honest).map((a) => a.kind)).toEqual(["sharpshooter", "fastest"]);
    const failedSteal: RoundPlays[] = [{ blue: play("wrong", 2, ["Ana", 3_000]), red: play("steal", 0, ["Ben", 2_000]) }];
    expect(awardsOf(failedSteal).map(awardLine)).toEqual(["Fastest finger: Ana, scored with a lock in 3.0 s"]);
    expect(awardsOf([{ blue: play("none", 0), red: play("none", 0) }])).toEqual([]);
    expect(awardsOf([])).toEqual([]);
  });

  test("ties are named as ties, every player in the order they earned it", () => {
    const rounds: RoundPlays[] = [
      { blue: play("right", 0, ["Ana", 2_040]), red: play("steal", 2, ["Ben", 1_960]) },
      { blue: play("steal", 2, ["Cy", 3_000]), red: play("right", 0, ["Dee", 4_000]) },
    ];
    expect(awardsOf(rounds).map(awardLine)).toEqual([
      "Master thief (a tie): Ben and Cy, 1 steal that paid off each",
      "Sharpshooter (a tie): Ana and Dee, 1 right answer each",
      // 1.96 s and 2.04 s both read 2.0 s: the same time as the award says it.
      "Fastest finger: Ben, scored with a lock in 2.0 s",
    ]);
    const three = awardsOf([
      { blue: play("right", 1, ["Ana", 1_000]), red: play("none", 0) },
      { blue: play("right", 1, ["Cy", 1_000]), red: play("none", 0) },
      { blue: play("right", 1, ["Eve", 1_000]), red: play("none", 0) },
    ]);
    expect(three.map(awardLine)).toEqual(["Sharpshooter (a tie): Ana, Cy and Eve, 1 right answer each", "Fastest finger (a tie): Ana, Cy and Eve, scored with a lock in 1.0 s each"]);
  });

  test("a player who left is named as recorded with their locks", () => {
    // P2 (red) steals successfully in round 1, then leaves; the awards still name them.
    let state: LobbyState = startRound(game(3)).state;
    state = run(state, { type: "submit", playerId: HOST, team: "blue", roundNumber: 1, answer: "Quokka1", isSteal: false }, T0 + 3_000).state;
    state = run(state, { type: "submit", playerId: pid(2), team: "red", roundNumber: 1, answer: "", isSteal: true }, T0 + 1_500).state;
    state = run(state, { type: "judged", roundNumber: 1, verdicts: { blue: true } }).state;
    const left = reduce(state, { type: "leave", playerId: pid(2) }, { now: T0 + 10_000 });
    if (!left.ok) throw new Error(left.message);
    expect(left.state.players.map((p) => p.id)).not.toContain(pid(2));
    expect(awardsOf(left.state.game!.rounds.map((r) => r.plays)).map(awardLine)).toEqual([
      "Master thief: P2, 1 steal that paid off",
      "Sharpshooter: Host, 1 right answer",
      "Fastest finger: P2, scored with a lock in 1.5 s",
    ]);
  });
});
