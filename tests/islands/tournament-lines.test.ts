// Where a phone says its player stands in a Tournament (docs/pages.md "Tournament"), read from the bracket.
import { describe, expect, test } from "bun:test";
import { decideMatch, seedBracket } from "../../src/game/tournament/bracket";
import { whereLine } from "../../islands/tournament/tournament-lines";

const names = { a: "Ana", b: "Bo", c: "Cy", d: "Di", e: "Ed", f: "Fay" };

describe("whereLine", () => {
  // Six drawn a..f into eight places: a and d have byes (matches 0 and 2), b-c and e-f play.
  const drawn = seedBracket(["a", "b", "c", "d", "e", "f"]);
  const kept = (b = drawn) => ({ ...b, names });

  test("in a live match: the round, the opponent and the score, their own first; sudden death said", () => {
    expect(whereLine(kept(), "b")).toBe("Quarter-final vs Cy, 0-0");
    const scored = { rounds: drawn.rounds.map((r, ri) => (ri === 0 ? r.map((m, i) => (i === 1 ? { ...m, score: { a: 1, b: 0, questions: 1 } } : m)) : r)) };
    expect(whereLine(kept(scored), "c")).toBe("Quarter-final vs Bo, 0-1");
    const level = { rounds: drawn.rounds.map((r, ri) => (ri === 0 ? r.map((m, i) => (i === 1 ? { ...m, score: { a: 0, b: 0, questions: 3 } } : m)) : r)) };
    expect(whereLine(kept(level), "b")).toBe("Quarter-final vs Cy, 0-0 (sudden death)");
  });

  test("a bye or a match won while others play: through; a match lost: out; the last one standing: champion", () => {
    expect(whereLine(kept(), "a")).toBe("You are through: wait for your next match");
    const one = decideMatch(drawn, 0, 1, "b")!;
    expect(whereLine(kept(one), "b")).toBe("You are through: wait for your next match");
    expect(whereLine(kept(one), "c")).toBe("Out in the quarter-final: watch the rest");
    let b = decideMatch(one, 0, 3, "e")!;
    expect(whereLine(kept(b), "a")).toBe("Semi-final vs Bo, 0-0");
    b = decideMatch(decideMatch(b, 1, 0, "a")!, 1, 1, "d")!;
    b = decideMatch(b, 2, 0, "d")!;
    expect(whereLine(kept(b), "d")).toBe("You are the champion!");
    expect(whereLine(kept(b), "a")).toBe("Runner-up: beaten in the final");
    expect(whereLine(kept(b), "zz")).toBe("You joined after the draw: watch the matches and chat");
  });
});
