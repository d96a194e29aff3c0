// The game page for keyboard and screen-reader players, in a happy-dom document: a phase change moves
// focus to the new phase's heading (never on the first render, never away from the chat) and is
// announced politely; the last 10 seconds are announced once a round; the compact score bar's label
// sits on an element with a role.
import { afterEach, describe, expect, test } from "bun:test";
import { act } from "react";
import type { Root } from "react-dom/client";
import type { Player } from "../../src/game/types";
import type { GameView, RoundView as RoundResult } from "../../src/game/views";
import { createStore, type ClientPhase, type Store } from "../../islands/client/store";
import GamePanel from "../../islands/GamePanel";
import ScoreBoard from "../../islands/ScoreBoard";
import { stillIntervals, useFakeDom } from "../support/dom";

const dom = useFakeDom("http://localhost:3000/game/WXYZ", { assign: () => {}, fetch: async () => Response.json({ success: true }) });

stillIntervals();

const roots: Root[] = [];
afterEach(() => {
  for (const root of roots.splice(0)) act(() => root.unmount());
  document.body.innerHTML = "";
});

const T = 1_800_000_000_000;
const QUESTION = "Which planet is known as the Red Planet?";
const seat = (id: string, team: Player["team"], isHost: boolean): Player => ({ id, name: id, team, isCaptain: true, isHost, connected: true });
const RESULT: RoundResult = {
  number: 1,
  question: QUESTION,
  category: "Space",
  answer: "Mars",
  blueAnswer: "Venus",
  redAnswer: "Mars",
  blueSteal: false,
  redSteal: false,
  blueCorrect: false,
  redCorrect: true,
  bluePointsGained: 0,
  redPointsGained: 1,
  winner: "red",
  overruled: [],
};

/** Round 1 of 3 with 30 s left, seen by the host Hana on blue. */
function gameStore(phase: GameView["phase"], now = T): Store {
  const hana = seat("hana", "blue", true);
  const rio = seat("rio", "red", false);
  const rounds = phase === "results" || phase === "complete" ? [RESULT] : [];
  const gameState: GameView = {
    phase,
    currentRoundNumber: 1,
    totalRounds: 3,
    currentRound: { number: 1, question: QUESTION, category: "Space", endsAt: T + 30_000 },
    locked: { blue: false, red: false },
    scores: { blue: 0, red: rounds.length },
    rounds,
  };
  const lobby = { code: "WXYZ", host: { id: "hana", name: "hana" }, blueTeam: [hana], redTeam: [rio], captains: { blue: hana, red: rio }, settings: { rounds: 3, roundLimit: 60, tags: ["General"] }, gameState };
  const store = createStore({ page: "game", code: "WXYZ", lobby, now });
  store.meId.value = "hana";
  return store;
}

const mount = (island: Parameters<typeof dom.mount>[0], store: Store) => dom.mount(island, store, (root) => void roots.push(root));
const news = (el: HTMLElement) => el.querySelector(".sr-only[role=status]")?.textContent ?? null;
const focused = () => `${document.activeElement?.tagName} ${document.activeElement?.textContent?.trim()}`;
const set = (fn: () => void) => act(async () => fn());
/** The announcement repeats no line shown in the round, so looking a screen text up finds one element. */
function expectNoEcho(el: HTMLElement) {
  const said = news(el)!.toLowerCase();
  for (const shown of el.querySelectorAll("h2, .winner, .waiting")) expect(said).not.toContain(shown.textContent!.replace(/^\W+/, "").trim().toLowerCase());
}
const moveTo = (store: Store, phase: ClientPhase) => set(() => (store.phase.value = phase));

describe("phase changes", () => {
  test("the first render takes no focus and announces nothing", async () => {
    const el = await mount(GamePanel, gameStore("question"));
    expect(document.activeElement).toBe(document.body);
    expect(news(el)).toBe("");
  });

  test("each change moves focus to the new phase's heading and is announced", async () => {
    const store = gameStore("idle");
    const el = await mount(GamePanel, store);
    // The host's Start Round is in the host's bar now (islands/HostControls.tsx), and goes when the
    // round starts: focus is then nowhere, and comes to the new phase's heading.
    (document.activeElement as HTMLElement | null)?.blur();

    await moveTo(store, "question");
    expect(focused()).toBe(`H2 ${QUESTION}`);
    expect((document.activeElement as HTMLElement).tabIndex).toBe(-1);
    expect(news(el)).toBe("Round 1 started");
    expectNoEcho(el);

    await moveTo(store, "answered");
    expect(focused()).toBe("H2 ✔ Answer locked");
    expect(news(el)).toBe("Your team's answer is in");
    expectNoEcho(el);

    await set(() => {
      store.lastResult.value = RESULT;
      store.phase.value = "results";
    });
    expect(focused()).toBe("H2 Round 1 Results");
    expect(news(el)).toBe("Round 1 over: the round goes to Red");
    expectNoEcho(el);

    await set(() => {
      store.lobby.value = { ...store.lobby.value!, gameState: { ...store.lobby.value!.gameState!, phase: "complete", scores: { blue: 0, red: 1 } } };
      store.phase.value = "summary";
    });
    expect(focused()).toBe("H2 Game Complete!");
    expect(news(el)).toBe("Game over. Blue 0, Red 1. Red wins the game.");
    expectNoEcho(el);
  });

  test("focus on the host's bar follows the phase it started, even while the pressed button is still there", async () => {
    const store = gameStore("idle");
    await mount(GamePanel, store);
    // The round's start can be heard before the host's own call answers and the bar drops its button.
    const bar = document.createElement("section");
    bar.className = "card host-bar";
    const start = document.createElement("button");
    start.textContent = "Start Round";
    bar.appendChild(start);
    document.body.appendChild(bar);
    start.focus();
    await moveTo(store, "question");
    expect(focused()).toBe(`H2 ${QUESTION}`);
    bar.remove();
  });

  test("focus the player put outside the round (the chat) stays there, and the change is still announced", async () => {
    const store = gameStore("idle");
    const el = await mount(GamePanel, store);
    const chat = document.createElement("input");
    document.body.appendChild(chat);
    chat.focus();
    await moveTo(store, "question");
    expect(document.activeElement).toBe(chat);
    expect(news(el)).toBe("Round 1 started");
  });
});

describe("the last 10 seconds", () => {
  test("are announced once, when the countdown reaches 10 s", async () => {
    const store = gameStore("question");
    const el = await mount(GamePanel, store);
    await set(() => (store.now.value = T + 19_000));
    expect(news(el)).toBe("");
    await set(() => (store.now.value = T + 20_000));
    expect(news(el)).toBe("10 seconds left");
    await moveTo(store, "answered");
    await set(() => (store.now.value = T + 21_000));
    await set(() => (store.now.value = T + 25_000));
    expect(news(el)).toBe("Your team's answer is in");
  });

  test("come again in the next round, but not after the round has ended or on a late arrival", async () => {
    const store = gameStore("question", T + 25_000);
    const el = await mount(GamePanel, store);
    // Arrived with 5 s left: no crossing, no announcement.
    await set(() => (store.now.value = T + 26_000));
    expect(news(el)).toBe("");
    // Results with the deadline still ahead (both teams locked early): nothing about time.
    await set(() => {
      store.lastResult.value = RESULT;
      store.phase.value = "results";
      store.endsAt.value = T + 60_000;
      store.now.value = T + 40_000;
    });
    await set(() => (store.now.value = T + 51_000));
    expect(news(el)).toBe("Round 1 over: the round goes to Red");
    // The next round.
    await set(() => {
      store.lobby.value = { ...store.lobby.value!, gameState: { ...store.lobby.value!.gameState!, phase: "question", currentRoundNumber: 2 } };
      store.endsAt.value = T + 120_000;
      store.now.value = T + 60_000;
      store.phase.value = "question";
    });
    expect(news(el)).toBe("Round 2 started");
    await set(() => (store.now.value = T + 110_500));
    expect(news(el)).toBe("10 seconds left");
  });
});

describe("ScoreBoard", () => {
  test("the compact score bar's label sits on a group", async () => {
    const el = await mount(ScoreBoard, gameStore("question"));
    const bar = el.querySelector("[aria-label=Scores]")!;
    expect(bar.getAttribute("role")).toBe("group");
    expect(bar.textContent).toContain("Blue");
    expect(bar.textContent).toContain("Red");
  });
});
