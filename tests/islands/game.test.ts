// The game islands in a happy-dom document: every phase's texts, host-only controls, the bodies
// sent to the server, the countdown and waiting dots (driven by hand, no real waits), and a server
// render of each phase that hydrates without a mismatch.
import { afterAll, afterEach, beforeAll, describe, expect, jest, setSystemTime, test } from "bun:test";
import { act, createElement, type ComponentType } from "react";
import type { Root } from "react-dom/client";
import { tableOfFour } from "../support/views";
import type { GameView, LobbyView, RoundView as RoundResult } from "../../src/game/views";
import type { IslandRegistry } from "../../islands/client/marker";
import { createStore, StoreContext, type ClientPhase, type Store } from "../../islands/client/store";
import GameHeader from "../../islands/GameHeader";
import GamePanel from "../../islands/GamePanel";
import HostControls from "../../islands/HostControls";
import ScoreBoard from "../../islands/ScoreBoard";
import { loadManifest } from "../../src/pages/build";
import { until, useFakeDom } from "../support/dom";

const realError = console.error;

interface Call {
  method: string;
  url: string;
  body: unknown;
}
let calls: Call[] = [];
let ok = true;
let errors: string[] = [];

const dom = useFakeDom("http://localhost:3000/game/ABCD", {
  assign: () => {},
  fetch: async (input, init) => {
    calls.push({ method: init?.method ?? "GET", url: String(input), body: init?.body ? JSON.parse(String(init.body)) : undefined });
    return new Response(JSON.stringify(ok ? { success: true } : { success: false }), { status: ok ? 200 : 409 });
  },
});

// The server render below inlines the built stylesheet, as the server does once it has loaded (or made) the build.
beforeAll(async () => void (await loadManifest()));

beforeAll(() => {
  console.error = (...args: unknown[]) => void errors.push(args.map(String).join(" "));
});

afterAll(() => {
  console.error = realError;
});

const roots: Root[] = [];
afterEach(() => {
  for (const root of roots.splice(0)) act(() => root.unmount());
  document.body.innerHTML = "";
  calls = [];
  errors = [];
  ok = true;
  setSystemTime();
});

// ---- fixtures ---------------------------------------------------------------------------------

const NOW = Date.now();

const result = (n: number, extra: Partial<RoundResult> = {}): RoundResult => ({
  number: n,
  question: `Question number ${n}?`,
  category: "General",
  answer: `Answer${n}`,
  blueAnswer: "Paris",
  redAnswer: null,
  blueSteal: false,
  redSteal: true,
  blueCorrect: true,
  redCorrect: null,
  bluePointsGained: 0,
  redPointsGained: 2,
  winner: "red",
  overruled: [],
  ...extra,
});

function game(extra: Partial<GameView> = {}): GameView {
  return { phase: "idle", currentRoundNumber: 0, totalRounds: 5, currentRound: null, locked: { blue: false, red: false }, scores: { blue: 0, red: 0 }, rounds: [], ...extra };
}

const questionGame = (endsAt = NOW + 30_000) =>
  game({ phase: "question", currentRoundNumber: 2, currentRound: { number: 2, question: "What is the capital of France?", category: "Geography", endsAt }, scores: { blue: 1, red: 3 }, rounds: [result(1)] });

const lobby = (gameState: GameView | null): LobbyView => tableOfFour({ settings: { rounds: 5, roundLimit: 60, tags: ["General"] }, gameState });

function storeFor(gameState: GameView | null, { me = "bob", phase }: { me?: string | null; phase?: ClientPhase } = {}): Store {
  const store = createStore({ page: "game", code: "ABCD", lobby: lobby(gameState), now: NOW });
  store.meId.value = me;
  if (phase) store.phase.value = phase;
  return store;
}

const mount = (island: ComponentType, store: Store) => dom.mount(island, store, (root) => void roots.push(root));

const text = (el: Element) => (el.textContent ?? "").replace(/\s+/g, " ");
const buttonOr = (el: HTMLElement, label: string) => [...el.querySelectorAll("button")].find((b) => b.textContent?.trim() === label) ?? null;
const button = (el: HTMLElement, label: string) => {
  const b = buttonOr(el, label);
  if (!b) throw new Error(`no button '${label}'`);
  return b;
};
const click = (el: Element) => act(async () => void (el as HTMLElement).click());

/** The host's bar of game controls, which loads on demand (islands/HostControls.tsx): its module read in first, then the render awaited. */
async function hostBar(store: Store): Promise<HTMLElement> {
  await import("../../islands/game/HostBar");
  const el = await mount(HostControls, store);
  await until(() => el.querySelector(".host-bar") !== null, "the host's bar to load");
  return el;
}
const type = (input: HTMLInputElement, value: string) => dom.type(input, value);
/** setInterval replaced by a recorder, so a test fires ticks by hand instead of waiting. */
function fakeIntervals() {
  const real = { set: globalThis.setInterval, clear: globalThis.clearInterval };
  const live = new Map<number, { fn: () => void; ms: number }>();
  let next = 1;
  globalThis.setInterval = ((fn: () => void, ms: number) => (live.set(next, { fn, ms }), next++)) as unknown as typeof setInterval;
  globalThis.clearInterval = ((id: number) => void live.delete(id)) as typeof clearInterval;
  return {
    live,
    fire: (ms: number) => act(async () => [...live.values()].filter((t) => t.ms === ms).forEach((t) => t.fn())),
    restore: () => Object.assign(globalThis, { setInterval: real.set, clearInterval: real.clear }),
  };
}

// ---- header and scores ------------------------------------------------------------------------

describe("GameHeader", () => {
  test("shows the room code and Round 1/total before the first round", async () => {
    const el = await mount(GameHeader, storeFor(game()));
    expect(text(el)).toContain("ABCD");
    expect(text(el)).toContain("Round 1/5");
  });

  test("follows the current round", async () => {
    expect(text(await mount(GameHeader, storeFor(questionGame())))).toContain("Round 2/5");
  });

  test("falls back to 7 rounds when settings and game are missing", async () => {
    const store = storeFor(null);
    store.lobby.value = { ...store.lobby.value!, settings: undefined as unknown as LobbyView["settings"] };
    expect(text(await mount(GameHeader, store))).toContain("Round 1/7");
  });
});

describe("ScoreBoard", () => {
  test("labels both scores with the team name, in the compact bar and the rosters", async () => {
    const el = await mount(ScoreBoard, storeFor(questionGame()));
    const compact = el.querySelector(".compact")!;
    expect(text(compact.querySelector(".score.b")!)).toMatch(/Blue.*1/);
    expect(text(compact.querySelector(".score.r")!)).toMatch(/Red.*3/);
    expect(el.querySelectorAll(".wide-only").length).toBe(2);
  });

  test("scores count as 0 without a game state", async () => {
    const el = await mount(ScoreBoard, storeFor(null));
    expect([...el.querySelectorAll(".compact strong")].map((s) => s.textContent)).toEqual(["0", "0"]);
  });

  test("rosters list names with CAPTAIN and YOU badges", async () => {
    const el = await mount(ScoreBoard, storeFor(game(), { me: "bob" }));
    const [blue, red] = [...el.querySelectorAll("aside.wide-only")];
    expect(text(blue!)).toContain("Ann");
    expect(text(blue!)).toContain("CAPTAIN");
    const bob = [...blue!.querySelectorAll("li")].find((li) => li.textContent?.includes("Bob"))!;
    expect(text(bob)).toContain("YOU");
    expect(text(red!)).toContain("Cat");
    expect(text(red!)).toContain("Dan");
    expect(text(red!)).not.toContain("YOU");
    // The compact bar marks the viewer's team too.
    expect(text(el.querySelector(".compact .score.b")!)).toContain("YOU");
  });
});

// ---- idle -------------------------------------------------------------------------------------

describe("Idle phase", () => {
  test("others see 'Waiting for host...' and no Start Round", async () => {
    const el = await mount(GamePanel, storeFor(game(), { me: "bob" }));
    expect(text(el)).toContain("Round 1 of 5");
    expect(text(el)).toContain("Waiting for host...");
    expect(buttonOr(el, "Start Round")).toBeNull();
  });

  test("the host starts the round from the host's bar with the lobby code and the round it starts, so a retried tap cannot start another", async () => {
    const store = storeFor(game(), { me: "ann" });
    const el = await mount(GamePanel, store);
    expect(text(el)).not.toContain("Waiting for host...");
    expect(buttonOr(el, "Start Round")).toBeNull();
    const bar = await hostBar(store);
    await click(button(bar, "Start Round"));
    expect(calls).toEqual([{ method: "POST", url: "/api/lobby/startRound", body: { code: "ABCD", roundNumber: 1 } }]);
  });

  test("a failed start is logged only", async () => {
    ok = false;
    const bar = await hostBar(storeFor(game(), { me: "ann" }));
    await click(button(bar, "Start Round"));
    expect(errors).toContain("Failed to start round");
    expect(button(bar, "Start Round").disabled).toBe(false);
  });
});

// ---- question ---------------------------------------------------------------------------------

describe("Question phase", () => {
  test("shows the round, time left, question and answer controls", async () => {
    const el = await mount(GamePanel, storeFor(questionGame()));
    expect(text(el)).toContain("Round 2");
    expect(text(el)).toContain("Time left: 30s");
    expect(el.querySelector(".question")?.textContent).toBe("What is the capital of France?");
    expect(el.querySelector("input")?.getAttribute("placeholder")).toBe("Type your team answer");
    expect(button(el, "Steal").disabled).toBe(false);
  });

  test("Submit is disabled while the trimmed answer is blank", async () => {
    const el = await mount(GamePanel, storeFor(questionGame()));
    const input = el.querySelector("input")!;
    expect(button(el, "Submit").disabled).toBe(true);
    await type(input, "   ");
    expect(button(el, "Submit").disabled).toBe(true);
    await type(input, " Paris ");
    expect(button(el, "Submit").disabled).toBe(false);
  });

  test("Submit sends the trimmed answer and moves to answered", async () => {
    const store = storeFor(questionGame(), { me: "bob" });
    const el = await mount(GamePanel, store);
    await type(el.querySelector("input")!, " Paris ");
    await click(button(el, "Submit"));
    expect(calls).toEqual([{ method: "POST", url: "/api/lobby/submitAnswer", body: { code: "ABCD", isSteal: false, answer: "Paris", playerId: "bob", team: "blue", roundNumber: 2, skips: 0 } }]);
    expect(store.phase.value).toBe("answered");
    expect(store.myLock.value).toEqual({ answer: "Paris", isSteal: false, playerId: "bob" });
    expect(text(el)).toContain("Answer locked");
  });

  test("Steal sends isSteal true with an empty answer", async () => {
    const store = storeFor(questionGame(), { me: "cat" });
    const el = await mount(GamePanel, store);
    await type(el.querySelector("input")!, "ignored");
    await click(button(el, "Steal"));
    expect(calls[0]!.body).toEqual({ code: "ABCD", isSteal: true, answer: "", playerId: "cat", team: "red", roundNumber: 2, skips: 0 });
    expect(store.myLock.value).toEqual({ answer: "", isSteal: true, playerId: "cat" });
    expect(text(el)).toContain("You chose to steal");
  });

  test("a refused submit is logged and the question stays open", async () => {
    ok = false;
    const store = storeFor(questionGame());
    const el = await mount(GamePanel, store);
    await click(button(el, "Steal"));
    expect(errors).toContain("Failed to submit answer");
    expect(store.phase.value).toBe("question");
    expect(store.myLock.value).toBeNull();
  });
});

describe("Timer", () => {
  test("counts down from endsAt once a second and stops at 0", async () => {
    const timers = fakeIntervals();
    try {
      setSystemTime(new Date(NOW));
      const el = await mount(GamePanel, storeFor(questionGame(NOW + 2_500)));
      expect(text(el)).toContain("Time left: 3s");
      expect([...timers.live.values()].some((t) => t.ms === 1_000)).toBe(true);
      setSystemTime(new Date(NOW + 1_000));
      await timers.fire(1_000);
      expect(text(el)).toContain("Time left: 2s");
      setSystemTime(new Date(NOW + 2_000));
      await timers.fire(1_000);
      expect(text(el)).toContain("Time left: 1s");
      setSystemTime(new Date(NOW + 3_000));
      await timers.fire(1_000);
      expect(text(el)).toContain("Time left: 0s");
      // Stopped: no one-second interval is left running.
      expect([...timers.live.values()].some((t) => t.ms === 1_000)).toBe(false);
    } finally {
      timers.restore();
    }
  });

  test("follows store.now and never goes below 0", async () => {
    const store = storeFor(questionGame(NOW + 60_000));
    const el = await mount(GamePanel, store);
    expect(text(el)).toContain("Time left: 60s");
    await act(async () => void (store.now.value = NOW + 49_500));
    expect(text(el)).toContain("Time left: 11s");
    expect(el.querySelector(".timer")?.className).not.toContain("low");
    await act(async () => void (store.now.value = NOW + 55_000));
    expect(el.querySelector(".timer")?.className).toContain("low");
    // round-timeup sets endsAt to now.
    await act(async () => void (store.endsAt.value = store.now.value = NOW + 70_000));
    expect(text(el)).toContain("Time left: 0s");
  });

  // The page's own clock (setInterval and Date.now, faked together) rather than ticks fired by hand.
  test("a second of the clock ticks it down", async () => {
    jest.useFakeTimers();
    try {
      const store = storeFor(questionGame(Date.now() + 1_900));
      store.now.value = Date.now();
      const el = await mount(GamePanel, store);
      expect(text(el)).toContain("Time left: 2s");
      await act(async () => void jest.advanceTimersByTime(1_000));
      expect(text(el)).toContain("Time left: 1s");
      await act(async () => void jest.advanceTimersByTime(1_000));
      expect(text(el)).toContain("Time left: 0s");
    } finally {
      jest.useRealTimers();
    }
  });
});

// ---- answered ---------------------------------------------------------------------------------

describe("Answered phase", () => {
  test("shows the locked answer and waits with animated dots", async () => {
    const timers = fakeIntervals();
    try {
      const store = storeFor(questionGame(), { phase: "answered" });
      store.myLock.value = { answer: "Paris", isSteal: false };
      const el = await mount(GamePanel, store);
      expect(text(el)).toContain("Answer locked");
      expect(text(el)).toContain("Paris");
      expect(text(el)).toContain("Waiting for the other team...");
      const lit = () => el.querySelectorAll(".dots .on").length;
      expect(lit()).toBe(0);
      const counts = [];
      for (let i = 0; i < 4; i++) {
        await timers.fire(500);
        counts.push(lit());
      }
      expect(counts).toEqual([1, 2, 3, 0]);
    } finally {
      timers.restore();
    }
  });

  test("a steal is marked clearly", async () => {
    const store = storeFor(questionGame(), { phase: "answered" });
    store.myLock.value = { answer: "", isSteal: true };
    const el = await mount(GamePanel, store);
    expect(text(el)).toContain("STEAL");
    expect(text(el)).toContain("You chose to steal");
  });
});

// ---- results ----------------------------------------------------------------------------------

const resultsGame = (r: RoundResult, phase: GameView["phase"] = "results") => game({ phase, currentRoundNumber: r.number, scores: { blue: 1, red: 3 }, rounds: [result(1), r] });

describe("Results phase", () => {
  test("shows both plays, points, the correct answer and the winner", async () => {
    const r = result(2);
    const el = await mount(GamePanel, storeFor(resultsGame(r)));
    expect(text(el)).toContain("Round 2 Results");
    const blue = el.querySelector(".result.b")!;
    const red = el.querySelector(".result.r")!;
    expect(text(blue)).toContain("Blue");
    expect(text(blue)).toContain("Paris");
    expect(text(blue)).toContain("+0 points");
    expect(text(red)).toContain("STEAL");
    expect(text(red)).toContain("+2 points");
    expect(text(el)).toContain("Correct Answer: Answer2");
    expect(text(el)).toContain("Red team wins!");
    expect(text(el)).toContain("Waiting for host to start next round...");
    expect(buttonOr(el, "Next Round")).toBeNull();
    expect(buttonOr(el, "Mark wrong")).toBeNull();
  });

  test("a tie, a missing answer and an overruled verdict", async () => {
    const r = result(3, { redSteal: false, redAnswer: null, redCorrect: null, blueCorrect: false, blueAnswer: "Lyon", bluePointsGained: 0, redPointsGained: 0, winner: "tie", overruled: ["blue"] });
    const el = await mount(GamePanel, storeFor(resultsGame(r)));
    expect(text(el)).toContain("It's a tie!");
    expect(text(el.querySelector(".result.r")!)).toContain("No Answer Submitted");
    expect(text(el.querySelector(".result.b")!)).toContain("The host ruled Blue wrong: no points");
    expect(text(el.querySelector(".result.r")!)).toContain("Red gave no answer: no points");
    expect(text(el.querySelector(".result.r")!)).not.toContain("host");
  });

  test("the host gets Next Round (in the host's bar) and an overrule per typed answer", async () => {
    const store = storeFor(resultsGame(result(2, { blueAnswer: "Paris", redAnswer: "Rome", redSteal: false, redCorrect: false, bluePointsGained: 1, redPointsGained: 0, winner: "blue" })), { me: "ann" });
    const el = await mount(GamePanel, store);
    expect(text(el)).toContain("Blue team wins!");
    expect(text(el)).not.toContain("Waiting for host");
    await click(button(el, "Mark wrong"));
    await click(button(el, "Mark correct"));
    expect(buttonOr(el, "Next Round")).toBeNull();
    await click(button(await hostBar(store), "Next Round"));
    expect(calls).toEqual([
      { method: "POST", url: "/api/lobby/overrule", body: { roundNumber: 2, team: "blue", correct: false } },
      { method: "POST", url: "/api/lobby/overrule", body: { roundNumber: 2, team: "red", correct: true } },
      { method: "POST", url: "/api/lobby/startRound", body: { code: "ABCD", roundNumber: 3 } },
    ]);
  });

  test("steals and missing answers cannot be overruled", async () => {
    const el = await mount(GamePanel, storeFor(resultsGame(result(2)), { me: "ann" }));
    expect(el.querySelectorAll(".result.r button").length).toBe(0);
    expect(el.querySelectorAll(".result.b button").length).toBe(1);
  });

  test("a failed next round is logged only", async () => {
    ok = false;
    const bar = await hostBar(storeFor(resultsGame(result(2)), { me: "ann" }));
    await click(button(bar, "Next Round"));
    expect(errors).toContain("Failed to start next round");
  });

  test("neither Next Round nor the waiting text once the game is complete", async () => {
    for (const me of ["ann", "bob"]) {
      const el = await mount(GamePanel, storeFor(resultsGame(result(5), "complete"), { me, phase: "results" }));
      expect(text(el)).toContain("Round 5 Results");
      expect(buttonOr(el, "Next Round")).toBeNull();
      expect(text(el)).not.toContain("Waiting for host to start next round...");
    }
  });
});

// ---- summary ----------------------------------------------------------------------------------

function summaryGame(scores = { blue: 4, red: 2 }) {
  const rounds = [
    result(1, { blueAnswer: "Paris", bluePointsGained: 1, redSteal: false, redAnswer: null, redPointsGained: 0, winner: "blue" }),
    result(2, { blueAnswer: null, blueSteal: true, blueCorrect: null, redSteal: false, redAnswer: "Rome", redCorrect: true, bluePointsGained: 2, redPointsGained: 0, winner: "blue" }),
    result(3, { blueAnswer: "Oslo", redSteal: false, redAnswer: "Oslo", redCorrect: true, bluePointsGained: 1, redPointsGained: 1, winner: "tie" }),
  ];
  return game({ phase: "complete", currentRoundNumber: 3, totalRounds: 3, scores, rounds });
}

/**
 * The game panel in its summary, once the summary's chunk has loaded (islands/game/Summary.tsx): the
 * module is imported first, so a slow first compile on a busy machine is not what is timed.
 */
async function mountSummary(store: Store): Promise<HTMLElement> {
  await import("../../islands/game/SummaryPhase");
  const el = await mount(GamePanel, store);
  await until(() => el.querySelector(".scores") !== null, "the summary to load");
  return el;
}

describe("Summary phase", () => {
  test("final scores, the overall winner and a scrollable round summary", async () => {
    const el = await mountSummary(storeFor(summaryGame()));
    expect(text(el)).toContain("Game Complete!");
    expect(text(el.querySelector(".score.b")!)).toMatch(/Blue\s*4/);
    expect(text(el.querySelector(".score.r")!)).toMatch(/Red\s*2/);
    expect(text(el)).toContain("Blue team wins!");
    expect(text(el)).toContain("Round Summary");
    const rows = [...el.querySelectorAll(".summary > li")];
    expect(rows.length).toBe(3);
    expect(text(rows[0]!)).toContain("Question number 1?");
    expect(text(rows[0]!)).toContain("No Answer Submitted");
    expect(text(rows[0]!.querySelector(".line.b")!)).toContain("Paris ✓ right +1");
    expect(text(rows[1]!.querySelector(".line.b")!)).toContain("STEAL +2");
    expect(text(rows[1]!.querySelector(".line.r")!)).toContain("Rome ✓ right +0");
    // Every round's correct answer, and the downloads (a phone keeps the results; the TV does not).
    expect(rows.map((r) => text(r.querySelector(".a")!))).toEqual(["Answer: Answer1", "Answer: Answer2", "Answer: Answer3"]);
    expect(text(el)).toContain("Download results (CSV)");
    expect(rows[0]!.querySelector('[role="img"]')?.getAttribute("aria-label")).toBe("Blue won this round");
    expect(rows[2]!.querySelector('[role="img"]')).toBeNull();
    expect(text(rows[2]!)).toContain("Tie");
    expect(text(el)).toContain("Waiting for host to return to lobby...");
    expect(buttonOr(el, "Return to Lobby")).toBeNull();
  });

  test("an overruled verdict is marked in the summary, on that team's line only", async () => {
    const g = summaryGame();
    g.rounds[2] = { ...g.rounds[2]!, overruled: ["red"] };
    const el = await mountSummary(storeFor(g));
    const row = el.querySelectorAll(".summary > li")[2]!;
    expect(text(row.querySelector(".line.r")!)).toContain("(overruled by host)");
    expect(text(row.querySelector(".line.b")!)).not.toContain("overruled");
    expect(text(el.querySelectorAll(".summary > li")[0]!)).not.toContain("overruled");
  });

  test("a tie overall", async () => {
    const el = await mountSummary(storeFor(summaryGame({ blue: 3, red: 3 })));
    expect(text(el)).toContain("It's a tie!");
  });

  test("the host returns everyone to the lobby; a failure is logged", async () => {
    const el = await mountSummary(storeFor(summaryGame({ blue: 1, red: 5 }), { me: "ann" }));
    expect(text(el)).toContain("Red team wins!");
    expect(text(el)).not.toContain("Waiting for host");
    await click(button(el, "Return to Lobby"));
    // The summary fetched the server's chart first (src/results/chart.ts).
    expect(calls).toEqual([
      { method: "GET", url: "/api/lobby/ABCD/chart.svg", body: undefined },
      { method: "POST", url: "/api/lobby/returnToLobby", body: undefined },
    ]);
    ok = false;
    await click(button(el, "Return to Lobby"));
    expect(errors).toContain("Failed to return to lobby");
  });
});

// ---- server render and hydration --------------------------------------------------------------

describe("server render", () => {
  const cases: [string, GameView][] = [
    ["idle", game()],
    ["question", questionGame()],
    ["results", resultsGame(result(2))],
    ["summary", summaryGame()],
  ];
  for (const [phase, state] of cases) {
    test(`the ${phase} page hydrates without a mismatch`, async () => {
      const { renderPage } = await import("../../src/pages/render");
      const { Game } = await import("../../src/pages/Game");
      const { readPage } = await import("../../islands/client/hydrate");
      const { findMarkers, markerName, markerProps } = await import("../../islands/client/marker");
      const islands: IslandRegistry = (await import("../../islands/registry/game")).gameIslands;
      const html = renderPage(null, { page: "game", code: "ABCD", lobby: lobby(state), now: NOW }, createElement(Game));
      document.body.innerHTML = html.slice(html.indexOf("<body>") + 6, html.indexOf("</body>"));
      // The server does not know the viewer: no host controls, no YOU badge.
      expect(text(document.body)).not.toContain("Start Round");
      expect(text(document.body)).not.toContain("YOU");
      // As the page runtime does: one store from the page's JSON, each marker hydrated in place.
      const store = createStore(readPage(document));
      const recoverable: unknown[] = [];
      await act(async () => {
        for (const el of findMarkers(document)) {
          roots.push(dom.hydrateRoot(el, createElement(StoreContext.Provider, { value: store }, createElement(islands[markerName(el)]!, markerProps(el))), { onRecoverableError: (e) => void recoverable.push(e) }));
        }
      });
      expect(roots.length).toBe(8);
      expect(recoverable).toEqual([]);
      expect(errors.filter((e) => /hydrat|did not match/i.test(e))).toEqual([]);
      expect(text(document.body)).toContain(phase === "summary" ? "Game Complete!" : "ABCD");
    });
  }
});
