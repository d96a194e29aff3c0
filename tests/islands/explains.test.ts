// The game explains itself in a happy-dom document: the reason line of every row of the
// scoring table and of an overrule, which teams have locked in (announced politely, never what), an
// answer typed but not sent (flagged in the last 10 s, never sent for the team), the round's news
// after an overrule, and the last results' 15 s before the summary, on fake timers.
import { describe, expect, jest, test } from "bun:test";
import { act, type ComponentType } from "react";
import type { Team } from "../../src/game/types";
import { moveOf, roundGains } from "../../src/game/scoring";
import type { GameView, LobbyView, RoundView } from "../../src/game/views";
import { SUMMARY_DELAY_MS, wireEvents } from "../../islands/client/session";
import { createStore, type ClientPhase, type Store } from "../../islands/client/store";
import GamePanel from "../../islands/GamePanel";
import { reasonLine } from "../../islands/game/reason";
import { fakeConnection } from "../support/fake-connection";
import { useGamePageDom } from "../support/game-page-dom";

const { dom, calls, roots } = useGamePageDom();

const NOW = 1_700_000_000_000;
const text = (el: Element) => (el.textContent ?? "").replace(/\s+/g, " ").trim();

type Move = "right" | "wrong" | "none" | "steal";
const MOVES: Move[] = ["right", "wrong", "none", "steal"];

/** A judged round where blue and red made these moves; points as the rules give them. */
function round(blue: Move, red: Move, overruled: Team[] = []): RoundView {
  const play = (m: Move) => ({ answer: m === "right" || m === "wrong" ? `said-${m}` : null, steal: m === "steal", correct: m === "right" ? true : m === "wrong" ? false : null });
  const [b, r] = [play(blue), play(red)];
  const points = roundGains(moveOf(b), moveOf(r));
  return {
    number: 1,
    question: "Q?",
    category: "General",
    answer: "A",
    blueAnswer: b.answer,
    redAnswer: r.answer,
    blueSteal: b.steal,
    redSteal: r.steal,
    blueCorrect: b.correct,
    redCorrect: r.correct,
    bluePointsGained: points.blue,
    redPointsGained: points.red,
    winner: points.blue === points.red ? "tie" : points.blue > points.red ? "blue" : "red",
    overruled,
  };
}

describe("reason line", () => {
  test("names the points each team got, for every pair of moves in the scoring table", () => {
    for (const blue of MOVES) {
      for (const red of MOVES) {
        const r = round(blue, red);
        for (const team of ["blue", "red"] as const) {
          const line = reasonLine(r, team);
          // "+N to Team" pieces must be exactly the points the round gave; "no points" means none.
          const named = Object.fromEntries([...line.matchAll(/\+(\d) to (Blue|Red)/g)].map((m) => [m[2]!.toLowerCase(), Number(m[1])]));
          expect({ blue: named.blue ?? 0, red: named.red ?? 0 }).toEqual({
            blue: blue === "steal" || red === "steal" || team === "blue" ? r.bluePointsGained : 0,
            red: blue === "steal" || red === "steal" || team === "red" ? r.redPointsGained : 0,
          });
        }
      }
    }
  });

  test("says it in the table's words", () => {
    expect(reasonLine(round("right", "steal"), "red")).toBe("Red stole: Blue was right, +2 to Red");
    expect(reasonLine(round("right", "steal"), "blue")).toBe("Red stole: Blue was right, +2 to Red");
    expect(reasonLine(round("wrong", "steal"), "blue")).toBe("Red stole: Blue was wrong, +2 to Blue");
    expect(reasonLine(round("none", "steal"), "red")).toBe("Red stole: Blue gave no answer, +2 to Blue");
    expect(reasonLine(round("steal", "steal"), "blue")).toBe("Both teams stole: no points");
    expect(reasonLine(round("right", "wrong"), "blue")).toBe("Blue was right: +1 to Blue");
    expect(reasonLine(round("right", "wrong"), "red")).toBe("Red was wrong: no points");
    expect(reasonLine(round("none", "right"), "blue")).toBe("Blue gave no answer: no points");
  });

  test("names the host when the host ruled on an answer", () => {
    expect(reasonLine(round("right", "wrong", ["blue"]), "blue")).toBe("The host ruled Blue right: +1 to Blue");
    expect(reasonLine(round("wrong", "steal", ["blue"]), "red")).toBe("Red stole: the host ruled Blue wrong, +2 to Blue");
  });
});

// ---- the game panel -------------------------------------------------------------------------------

const players = [
  { id: "ann", name: "Ann", team: "blue" as const, isCaptain: true, isHost: true, connected: true },
  { id: "cat", name: "Cat", team: "red" as const, isCaptain: true, isHost: false, connected: true },
];

function lobby(gameState: Partial<GameView>): LobbyView {
  const game: GameView = { phase: "question", currentRoundNumber: 1, totalRounds: 1, currentRound: { number: 1, question: "What?", category: "General", endsAt: NOW + 30_000 }, locked: { blue: false, red: false }, scores: { blue: 0, red: 0 }, rounds: [], ...gameState };
  return { code: "ABCD", host: { id: "ann", name: "Ann" }, blueTeam: [players[0]!], redTeam: [players[1]!], captains: { blue: players[0]!, red: players[1]! }, settings: { rounds: 1, roundLimit: 30, tags: ["General"] }, gameState: game };
}

function storeFor(gameState: Partial<GameView>, phase?: ClientPhase, me = "ann"): Store {
  const store = createStore({ page: "game", code: "ABCD", lobby: lobby(gameState), now: NOW });
  store.meId.value = me;
  if (phase) store.phase.value = phase;
  return store;
}

const mount = (island: ComponentType, store: Store) => dom.mount(island, store, (root) => void roots.push(root));
const set = (fn: () => void) => act(async () => fn());

describe("which teams have locked in", () => {
  test("the other team's lock shows on the game screen in a polite live region, and never what", async () => {
    const store = storeFor({});
    const el = await mount(GamePanel, store);
    const region = el.querySelector(".locks")!;
    expect(region.getAttribute("aria-live")).toBe("polite");
    expect(text(region)).toBe("");
    await set(() => (store.lobby.value = lobby({ locked: { blue: false, red: true } })));
    expect(text(region)).toBe("✔ Red has locked in");
    await set(() => {
      store.lobby.value = lobby({ locked: { blue: true, red: true } });
      store.phase.value = "answered";
    });
    expect(text(el.querySelector(".locks")!)).toBe("✔ Blue has locked in✔ Red has locked in");
    // The results say everything themselves.
    await set(() => (store.phase.value = "results"));
    expect(text(el.querySelector(".locks")!)).toBe("");
  });
});

describe("an answer typed but not sent", () => {
  test("is flagged in the last 10 seconds only, and gone once sent or blank", async () => {
    const store = storeFor({}, "question");
    store.endsAt.value = NOW + 11_000;
    const el = await mount(GamePanel, store);
    const input = el.querySelector<HTMLInputElement>("#team-answer")!;
    await dom.type(input, "Marisol");
    expect(text(el)).not.toContain("Not locked in yet");
    await set(() => (store.now.value = NOW + 1_000));
    expect(text(el.querySelector(".unsent")!)).toBe("Not locked in yet: press Submit");
    expect(input.getAttribute("aria-describedby")).toBe("unsent");
    await dom.type(input, "  ");
    expect(el.querySelector(".unsent")).toBeNull();
  });

  test("is not sent for the team when time runs out", async () => {
    const store = storeFor({}, "question");
    store.endsAt.value = NOW + 5_000;
    const el = await mount(GamePanel, store);
    await dom.type(el.querySelector<HTMLInputElement>("#team-answer")!, "Marisol");
    expect(el.querySelector(".unsent")).not.toBeNull();
    await set(() => (store.now.value = NOW + 5_000));
    expect(el.querySelector(".unsent")).toBeNull();
    expect(calls).toEqual([]);
  });
});

// ---- the session's events ---------------------------------------------------------------------------


const results = (r: RoundView, complete: boolean, scores = { blue: r.bluePointsGained, red: r.redPointsGained }) => ({
  round: r,
  scores,
  gameComplete: complete,
  game: { rounds: [r], currentRoundNumber: 1, totalRounds: 1 },
});

describe("results and the summary", () => {
  test("the last round's results stay 15 s before the summary; any screen may go sooner", async () => {
    jest.useFakeTimers();
    const store = storeFor({ locked: { blue: true, red: true } }, "question");
    const { connection, hear } = fakeConnection();
    wireEvents(store, connection);
    const el = await mount(GamePanel, store);
    await hear("round-results", results(round("right", "wrong"), true));
    expect(store.phase.value).toBe("results");
    await act(async () => void jest.advanceTimersByTime(SUMMARY_DELAY_MS - 1));
    expect(SUMMARY_DELAY_MS).toBe(15_000);
    expect(text(el)).toContain("Round 1 Results");
    await act(async () => void jest.advanceTimersByTime(1));
    expect(text(el)).toContain("Game Complete!");
  });

  test("See the summary goes at once; results of an earlier round stay until the host moves on", async () => {
    const store = storeFor({ totalRounds: 2 }, "question");
    const { connection, hear } = fakeConnection();
    wireEvents(store, connection);
    const el = await mount(GamePanel, store);
    await hear("round-results", { ...results(round("right", "wrong"), false), game: { rounds: [round("right", "wrong")], currentRoundNumber: 1, totalRounds: 2 } });
    expect([...el.querySelectorAll("button")].map((b) => text(b))).not.toContain("See the summary");
    await hear("round-results", results({ ...round("steal", "right"), number: 2 }, true));
    const see = [...el.querySelectorAll("button")].find((b) => text(b) === "See the summary")!;
    await act(async () => see.click());
    expect(text(el)).toContain("Game Complete!");
  });

  test("an overrule that makes a round a tie updates what screen readers were told", async () => {
    const store = storeFor({}, "question");
    const { connection, hear } = fakeConnection();
    wireEvents(store, connection);
    const el = await mount(GamePanel, store);
    const news = () => text(el.querySelector(".sr-only[role=status]")!);
    await hear("round-results", { ...results(round("right", "wrong"), false), game: { rounds: [round("right", "wrong")], currentRoundNumber: 1, totalRounds: 2 } });
    expect(news()).toBe("Round 1 over: the round goes to Blue");
    const tied = { ...round("right", "right"), overruled: ["red" as const] };
    await hear("round-overruled", { ...results(tied, false), game: { rounds: [tied], currentRoundNumber: 1, totalRounds: 2 } });
    expect(news()).toBe("Round 1 over: a tied round");
    expect(text(el)).toContain("The host ruled Red right: +1 to Red");
  });
});
