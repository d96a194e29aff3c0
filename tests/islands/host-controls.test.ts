// The host runs the room, in a happy-dom document (docs/pages.md "The host runs the room"): "Paused by
// the host" and a clock that stands still, the host's bar and the bodies it sends, the countdown to a
// new host, and what the session does with game-paused, time-added and question-skipped; fake timers.
import { describe, expect, jest, test } from "bun:test";
import { act, createElement, type ComponentType } from "react";
import { renderToString } from "react-dom/server";
import type { GameView, HostAwayView, LobbyView, RoundView } from "../../src/game/views";
import { SUMMARY_DELAY_MS, wireEvents } from "../../islands/client/session";
import { createStore, StoreContext, type ClientPhase, type Store } from "../../islands/client/store";
import GamePanel from "../../islands/GamePanel";
import HostControls from "../../islands/HostControls";
import RoomStatus from "../../islands/RoomStatus";
import { until } from "../support/dom";
import { fakeConnection } from "../support/fake-connection";
import { useGamePageDom } from "../support/game-page-dom";
import { tableOfFour } from "../support/views";

const { dom, calls, roots } = useGamePageDom();

const NOW = Date.now();
const text = (el: Element) => (el.textContent ?? "").replace(/\s+/g, " ").trim();
const buttons = (el: Element) => [...el.querySelectorAll("button")].map((b) => b.textContent?.trim());
const button = (el: Element, label: string) => {
  const b = [...el.querySelectorAll("button")].find((x) => x.textContent?.trim() === label);
  if (!b) throw new Error(`no button '${label}'`);
  return b;
};
const click = (el: Element) => act(async () => void (el as HTMLElement).click());
const mount = (island: ComponentType, store: Store) => dom.mount(island, store, (root) => void roots.push(root));

function game(extra: Partial<GameView> = {}): GameView {
  return { phase: "question", currentRoundNumber: 2, totalRounds: 5, currentRound: { number: 2, question: "Which planet is red?", category: "Space", endsAt: NOW + 30_000 }, locked: { blue: false, red: false }, scores: { blue: 0, red: 0 }, rounds: [], paused: false, pausedAt: null, ...extra };
}

function storeFor(gameState: GameView | null, me = "bob", extra: Partial<LobbyView> = {}, phase?: ClientPhase): Store {
  const store = createStore({ page: "game", code: "ABCD", lobby: tableOfFour({ gameState, ...extra }), now: NOW });
  store.meId.value = me;
  if (phase) store.phase.value = phase;
  return store;
}

async function hostBar(store: Store): Promise<HTMLElement> {
  await import("../../islands/game/HostBar");
  const el = await mount(HostControls, store);
  await until(() => el.querySelector(".host-bar") !== null, "the host's bar to load");
  return el;
}

describe("paused by the host", () => {
  test("every screen says so; the clock stands at the pause; Submit and Steal wait", async () => {
    // paused 5 s into a round of 30: 25 s stay on the clock however long the pause lasts
    const store = storeFor(game({ paused: true, pausedAt: NOW + 5_000 }));
    store.now.value = NOW + 20_000;
    const status = await mount(RoomStatus, store);
    const panel = await mount(GamePanel, store);
    expect(text(status)).toBe("Paused by the host");
    expect(status.querySelector("[role=status]")).not.toBeNull();
    expect(text(panel.querySelector("[role=timer]")!)).toContain("Time left: 25s");
    expect(button(panel, "Steal").disabled).toBe(true);
    expect(button(panel, "Submit").disabled).toBe(true);
  });

  test("nothing is said while the game runs", async () => {
    expect(text(await mount(RoomStatus, storeFor(game())))).toBe("");
    expect(text(await mount(RoomStatus, storeFor(null)))).toBe("");
  });
});

describe("a host away", () => {
  const away = (successor = { id: "bob", name: "Bob" }): HostAwayView => ({ host: "Ann", successor, at: NOW + 25_000 });
  /** RoomStatus with the countdown, which loads on demand (islands/game/HostAway.tsx). */
  async function awayStatus(store: Store): Promise<HTMLElement> {
    await import("../../islands/game/HostAway");
    const el = await mount(RoomStatus, store);
    await until(() => el.querySelector(".away") !== null, "the countdown to load");
    return el;
  }

  test("every screen counts down to the new host", async () => {
    jest.useFakeTimers();
    jest.setSystemTime(NOW);
    const el = await awayStatus(storeFor(game(), "cat", { hostAway: away() }));
    expect(text(el)).toBe("Ann is away. Bob becomes host in 25 s unless Ann is back");
    await act(async () => void jest.advanceTimersByTime(5_000));
    expect(text(el)).toBe("Ann is away. Bob becomes host in 20 s unless Ann is back");
    // the countdown is a timer: a screen reader is not read every second of it
    expect(el.querySelector("[role=timer]")!.textContent).toBe("20 s");
  });

  test("a page served while the host is away hydrates without an error, then counts down", async () => {
    const lobby = tableOfFour({ gameState: game(), hostAway: away() });
    const html = renderToString(createElement(StoreContext.Provider, { value: createStore({ page: "game", code: "ABCD", lobby, now: NOW }) }, createElement(RoomStatus)));
    // The server's render leaves the countdown out, whether its chunk is loaded here or not: renderToString
    // cannot wait for it, and a boundary it gave up on failed the page's hydration (React error #419).
    expect(html).not.toContain("<!--$!-->");
    expect(html).not.toContain("is away");
    const el = document.createElement("div");
    el.innerHTML = html;
    document.body.appendChild(el);
    const errors: unknown[] = [];
    await import("../../islands/game/HostAway");
    await act(async () => {
      roots.push(dom.hydrateRoot(el, createElement(StoreContext.Provider, { value: createStore({ page: "game", code: "ABCD", lobby, now: NOW }) }, createElement(RoomStatus)), { onRecoverableError: (e) => errors.push(e) }));
    });
    await until(() => el.querySelector(".away") !== null, "the countdown to load");
    expect(errors).toEqual([]);
    expect(text(el)).toStartWith("Ann is away. Bob becomes host in");
  });

  test("the one who takes over reads it as theirs; nothing when no one would", async () => {
    jest.useFakeTimers();
    jest.setSystemTime(NOW);
    expect(text(await awayStatus(storeFor(game(), "bob", { hostAway: away() })))).toBe("Ann is away. You become host in 25 s unless Ann is back");
    expect(text(await mount(RoomStatus, storeFor(game(), "bob")))).toBe("");
  });
});

describe("the host's bar", () => {
  test("while a question is open: Pause, Skip, +30 s and End Game together; each names the round", async () => {
    const bar = await hostBar(storeFor(game(), "ann"));
    expect(buttons(bar)).toEqual(["Pause", "Skip", "+30 s", "End Game"]);
    await click(button(bar, "Pause"));
    await click(button(bar, "Skip"));
    await click(button(bar, "+30 s"));
    expect(calls).toEqual([
      { url: "/api/lobby/pause", body: { paused: true } },
      { url: "/api/lobby/skipQuestion", body: { roundNumber: 2 } },
      { url: "/api/lobby/addTime", body: { roundNumber: 2, seconds: 30 } },
    ]);
  });

  test("Start Round before a round, Next Round after one, Resume while paused (and no round starts then)", async () => {
    const idle = await hostBar(storeFor(game({ phase: "idle", currentRound: null }), "ann"));
    expect(buttons(idle)).toEqual(["Start Round", "Pause", "End Game"]);
    const results = await hostBar(storeFor(game({ phase: "results", paused: true, pausedAt: NOW }), "ann", {}, "results"));
    expect(buttons(results)).toEqual(["Next Round", "Resume", "End Game"]);
    expect(button(results, "Next Round").disabled).toBe(true);
    await click(button(results, "Resume"));
    expect(calls).toEqual([{ url: "/api/lobby/pause", body: { paused: false } }]);
  });

  test("only the host, and not on the summary", async () => {
    expect(text(await mount(HostControls, storeFor(game(), "bob")))).toBe("");
    expect(text(await mount(HostControls, storeFor(game({ phase: "complete" }), "ann", {}, "summary")))).toBe("");
  });
});

describe("the session follows the host's hand", () => {
  test("question-skipped: the new question, its full time, the team's old lock gone", async () => {
    const store = storeFor(game(), "bob", {}, "answered");
    store.myLock.value = { answer: "Mars", isSteal: false };
    const { connection, hear } = fakeConnection();
    wireEvents(store, connection);
    const panel = await mount(GamePanel, store);
    const next = game({ currentRound: { number: 2, question: "Which planet has rings?", category: "Space", endsAt: NOW + 90_000 } });
    await hear("question-skipped", { lobby: tableOfFour({ gameState: next }), updateType: "question-skipped", roundNumber: 2, skipped: "Which planet is red?", endsAt: NOW + 90_000 });
    expect(store.phase.value).toBe("question");
    expect(store.myLock.value).toBeNull();
    expect(store.endsAt.value).toBe(NOW + 90_000);
    expect(text(panel)).toContain("Which planet has rings?");
    expect(store.notice.value).toBe("The host skipped that question: here is another");
  });

  test("game-paused and time-added move the page's clock with the lobby's", async () => {
    const store = storeFor(game(), "bob", {}, "question");
    const { connection, hear } = fakeConnection();
    wireEvents(store, connection);
    const later = game({ currentRound: { ...game().currentRound!, endsAt: NOW + 60_000 } });
    await hear("time-added", { lobby: tableOfFour({ gameState: later }), updateType: "time-added", roundNumber: 2, seconds: 30 });
    expect(store.endsAt.value).toBe(NOW + 60_000);
    expect(store.notice.value).toBe("The host added 30 s");
    await hear("game-paused", { lobby: tableOfFour({ gameState: { ...later, paused: true, pausedAt: NOW + 1_000 } }), updateType: "game-paused", paused: true });
    expect(store.lobby.value!.gameState!.paused).toBe(true);
    const resumed = game({ currentRound: { ...later.currentRound!, endsAt: NOW + 70_000 } });
    await hear("game-paused", { lobby: tableOfFour({ gameState: resumed }), updateType: "game-paused", paused: false });
    expect(store.endsAt.value).toBe(NOW + 70_000);
    expect(store.notice.value).toBe("The host resumed the game");
  });

  test("a pause holds the last results: the summary comes 15 s of unpaused time after them", async () => {
    jest.useFakeTimers();
    const store = storeFor(game(), "bob", {}, "question");
    const { connection, hear } = fakeConnection();
    wireEvents(store, connection);
    const round: RoundView = { number: 5, question: "Q?", category: "Space", answer: "A", blueAnswer: "A", redAnswer: null, blueSteal: false, redSteal: false, blueCorrect: true, redCorrect: null, bluePointsGained: 1, redPointsGained: 0, winner: "blue", overruled: [] };
    await hear("round-results", { round, scores: { blue: 1, red: 0 }, gameComplete: true, game: { rounds: [round], currentRoundNumber: 5, totalRounds: 5 } });
    await act(async () => void jest.advanceTimersByTime(5_000));
    const complete = store.lobby.value!.gameState!;
    await hear("game-paused", { lobby: tableOfFour({ gameState: { ...complete, paused: true, pausedAt: NOW } }), updateType: "game-paused", paused: true });
    await act(async () => void jest.advanceTimersByTime(60_000));
    expect(store.phase.value).toBe("results");
    await hear("game-paused", { lobby: tableOfFour({ gameState: { ...complete, paused: false, pausedAt: null } }), updateType: "game-paused", paused: false });
    await act(async () => void jest.advanceTimersByTime(SUMMARY_DELAY_MS - 5_000 - 500));
    expect(store.phase.value).toBe("results");
    await act(async () => void jest.advanceTimersByTime(1_000));
    expect(store.phase.value).toBe("summary");
  });
});
