// The forgiving lobby's client pieces in a happy-dom document (docs/decisions.md "The game explains itself and forgives slips: the lobby, home page and host actions"): the host's End Game
// and its confirmation, the quizmaster's card and round, the phones' player list grouped by team,
// "Back to CODE as NAME" from a session the server confirms, and a network refusal that goes when
// the connection is back.
import { afterEach, describe, expect, test } from "bun:test";
import { signal } from "@preact/signals-react";
import { act, createElement, type ComponentType } from "react";
import type { Root } from "react-dom/client";
import { player, tableOfFour } from "../support/views";
import type { LobbyView, RoundView } from "../../src/game/views";
import type { Connection, LinkState } from "../../islands/client/connection";
import { setPageConnection } from "../../islands/client/socket-context";
import { createStore, type Store } from "../../islands/client/store";
import { until, useFakeDom } from "../support/dom";

let calls: { method: string; url: string; auth: string | null }[] = [];
let answer: (url: string) => { status: number; body: Record<string, unknown> } = () => ({ status: 200, body: { success: true } });
let visits: string[] = [];

const dom = useFakeDom("http://localhost:3000/", {
  assign: (path) => visits.push(String(path)),
  fetch: async (input, init) => {
    const url = String(input);
    const headers = (init?.headers ?? {}) as Record<string, string>;
    calls.push({ method: init?.method ?? "GET", url, auth: headers.authorization ?? null });
    if (url === "offline") throw new TypeError("Failed to fetch");
    const { status, body } = answer(url);
    return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
  },
});

const mounted: Root[] = [];
afterEach(() => {
  for (const root of mounted.splice(0)) act(() => root.unmount());
  document.body.innerHTML = "";
  localStorage.clear();
  calls = [];
  visits = [];
  answer = () => ({ status: 200, body: { success: true } });
  setPageConnection(null);
});

const mount = (island: ComponentType, store: Store) => dom.mount(island, store, (root) => void mounted.push(root));
const click = (el: Element) => act(async () => void (el as HTMLElement).click());
const buttons = (el: Element, text: string) => [...el.querySelectorAll("button")].filter((b) => b.textContent?.trim() === text);

const lobby = tableOfFour;

const round = (number: number): RoundView => ({
  number,
  question: `Question ${number}?`,
  category: "General",
  answer: "A",
  blueAnswer: "A",
  redAnswer: null,
  blueSteal: false,
  redSteal: false,
  blueCorrect: true,
  redCorrect: null,
  bluePointsGained: 1,
  redPointsGained: 0,
  winner: "blue",
  overruled: [],
});

function game(phase: NonNullable<LobbyView["gameState"]>["phase"], rounds: RoundView[]): LobbyView["gameState"] {
  return { phase, currentRoundNumber: Math.max(1, rounds.length), totalRounds: 20, currentRound: phase === "question" ? { number: 1, question: "Which planet?", category: "Space", endsAt: 60_000 } : null, locked: { blue: true, red: false }, scores: { blue: rounds.length, red: 0 }, rounds };
}

function storeFor(view: LobbyView, meId: string | null, page: "lobby" | "game" = "lobby"): Store {
  const store = createStore({ page, code: "ABCD", lobby: view, now: 0 });
  store.meId.value = meId;
  return store;
}

const islands = async () => ({ ...(await import("../../islands/registry/game")).gameIslands, ...(await import("../../islands/registry/lobby")).lobbyIslands, ...(await import("../../islands/registry/home")).homeIslands });

/**
 * The host's End Game control loads on demand with the host's bar (islands/HostControls.tsx): its module is read in first, so
 * a slow first compile on a busy machine is not what is timed, then the render is awaited.
 */
async function loaded(el: Element): Promise<void> {
  await import("../../islands/game/HostBar");
  await until(() => buttons(el, "End Game").length > 0, "the End Game control to load");
}

describe("End Game", () => {
  test("only the host, only while the game is not over", async () => {
    const { HostControls: EndGame } = await islands();
    expect((await mount(EndGame, storeFor(lobby({ gameState: game("results", [round(1)]) }), "bob", "game"))).textContent).toBe("");
    expect((await mount(EndGame, storeFor(lobby({ gameState: game("complete", [round(1)]) }), "ann", "game"))).textContent).toBe("");
    expect((await mount(EndGame, storeFor(lobby(), "ann", "game"))).textContent).toBe("");
    const host = await mount(EndGame, storeFor(lobby({ gameState: game("question", []) }), "ann", "game"));
    await loaded(host);
    expect(buttons(host, "End Game")).toHaveLength(1);
  });

  test("asks first, says what is kept, and sends endGame only when confirmed", async () => {
    const { HostControls: EndGame } = await islands();
    const el = await mount(EndGame, storeFor(lobby({ gameState: game("results", [round(1), round(2)]) }), "ann", "game"));
    await loaded(el);
    await click(buttons(el, "End Game")[0]!);
    const dialog = el.querySelector("dialog")!;
    expect(dialog.getAttribute("aria-labelledby")).toBeTruthy();
    expect(document.getElementById(dialog.getAttribute("aria-labelledby")!)!.textContent).toBe("End the game for everyone?");
    expect(dialog.textContent).toContain("summary of the 2 rounds played so far");
    await click(buttons(dialog, "Cancel")[0]!);
    expect(calls).toEqual([]);
    await click(buttons(el, "End Game")[0]!);
    await click(el.querySelector("dialog button.danger")!);
    expect(calls.map((c) => [c.method, c.url])).toEqual([["POST", "/api/lobby/endGame"]]);
  });

  test("with no round scored, the dialog says everyone goes back to the lobby", async () => {
    const { HostControls: EndGame } = await islands();
    const el = await mount(EndGame, storeFor(lobby({ gameState: game("question", []) }), "ann", "game"));
    await loaded(el);
    await click(buttons(el, "End Game")[0]!);
    expect(el.querySelector("dialog")!.textContent).toContain("No round has been scored yet, so everyone goes back to the lobby.");
  });
});

describe("quizmaster", () => {
  const sitting = () => {
    const ann = player("ann", null, { isHost: true });
    const bob = player("bob", "blue", { isCaptain: true });
    return lobby({ quizmaster: ann, blueTeam: [bob], captains: { blue: bob, red: lobby().captains.red } });
  };

  test("the host is offered to sit out; a player is not; the call is sitOut", async () => {
    const { TeamPanels } = await islands();
    expect(buttons(await mount(TeamPanels, storeFor(lobby(), "bob")), "Sit out as quizmaster")).toHaveLength(0);
    const el = await mount(TeamPanels, storeFor(lobby(), "ann"));
    await click(buttons(el, "Sit out as quizmaster")[0]!);
    expect(calls.map((c) => c.url)).toEqual(["/api/lobby/sitOut"]);
  });

  test("everyone is told who sits out; the quizmaster is still the host and is offered the teams", async () => {
    const { TeamPanels } = await islands();
    const seen = await mount(TeamPanels, storeFor(sitting(), "bob"));
    expect(seen.querySelector("section.quizmaster")!.textContent).toContain("Ann sits out of both teams and runs the game");
    const store = storeFor(sitting(), "ann");
    expect(store.isHost.value).toBe(true);
    const own = await mount(TeamPanels, store);
    expect(own.textContent).toContain("To play, join a team with its buttons above.");
    expect(buttons(own, "Join as Member")).toHaveLength(2);
    expect(own.querySelectorAll("button.kick")).toHaveLength(3);
  });

  test("the quizmaster's open round has no answer box, says who has locked, and the chat has no Team toggle", async () => {
    const { GamePanel, ChatBox } = await islands();
    const store = storeFor({ ...sitting(), gameState: game("question", []) }, "ann", "game");
    const el = await mount(GamePanel, store);
    // The quizmaster's round loads on demand (islands/GamePanel.tsx), as on the host's page.
    await import("../../islands/game/QuizmasterRound");
    await until(() => el.textContent!.includes("You are the quizmaster"), "the quizmaster's round to load");
    expect(el.querySelector("input")).toBeNull();
    expect([...el.querySelectorAll(".locks li")].map((li) => li.textContent)).toEqual(["Blue: locked in", "Red: thinking..."]);
    // Even a Team choice made before sitting out sends to the room.
    store.chatMode.value = "team";
    const chat = await mount(ChatBox, store);
    expect(buttons(chat, "Team")).toHaveLength(0);
    expect(chat.querySelector("input")!.placeholder).toBe("Type a room message...");
    // A player of a team still answers.
    const bob = await mount(GamePanel, storeFor({ ...sitting(), gameState: game("question", []) }, "bob", "game"));
    expect(bob.querySelector("input[placeholder='Type your team answer']")).not.toBeNull();
  });
});

describe("the phones' player list", () => {
  test("is grouped by team under the team's name", async () => {
    const { ScoreBoard } = await islands();
    const el = await mount(ScoreBoard, storeFor(lobby({ gameState: game("idle", []) }), "bob", "game"));
    const groups = [...el.querySelectorAll(".compact .presence-team")].map((g) => ({ title: g.querySelector(".presence-title")!.textContent, list: g.querySelector("ul")!.getAttribute("aria-label"), names: [...g.querySelectorAll("li")].map((li) => li.textContent) }));
    expect(groups).toEqual([
      { title: "Blue:", list: "Blue team players", names: ["Ann", "Bob"] },
      { title: "Red:", list: "Red team players", names: ["Cat", "Dan (away)"] },
    ]);
  });
});

describe("Back to CODE as NAME", () => {
  const claims = (lobby: string, name: string, exp = 9e9) => `x.${btoa(JSON.stringify({ lobby, sub: "p1", name, isHost: false, exp }))}.y`;

  test("shown once the server confirms the seat, and never for a seat it refuses", async () => {
    const { SeatReturn } = await islands();
    localStorage.setItem("gameToken", claims("WXYZ", "Priya"));
    localStorage.setItem("lobbyCode", "WXYZ");
    const el = await mount(SeatReturn, createStore({ page: "home", code: null, lobby: null, now: 0 }));
    await until(() => el.querySelector("a") !== null, "the link showing");
    expect(el.querySelector("a")!.textContent).toBe("Back to WXYZ as Priya");
    expect(el.querySelector("a")!.getAttribute("href")).toBe("/lobby/WXYZ");
    expect(calls).toEqual([{ method: "GET", url: "/api/lobby/WXYZ", auth: `Bearer ${claims("WXYZ", "Priya")}` }]);

    answer = () => ({ status: 401, body: { success: false, message: "You are no longer in this lobby" } });
    const gone = await mount(SeatReturn, createStore({ page: "home", code: null, lobby: null, now: 0 }));
    await until(() => calls.length === 2, "the lookup");
    await act(async () => {});
    expect(gone.textContent).toBe("");
  });

  test("no lookup at all without a session, or with an expired one", async () => {
    const { SeatReturn } = await islands();
    await mount(SeatReturn, createStore({ page: "home", code: null, lobby: null, now: 0 }));
    localStorage.setItem("gameToken", claims("WXYZ", "Priya", 1));
    await mount(SeatReturn, createStore({ page: "home", code: null, lobby: null, now: 0 }));
    expect(calls).toEqual([]);
  });

  test("the join card: the held lobby's code offers the link, and one's own name goes back instead of joining", async () => {
    const { JoinCard } = await islands();
    localStorage.setItem("gameToken", claims("WXYZ", "Priya"));
    const el = await mount(JoinCard, createStore({ page: "home", code: null, lobby: null, now: 0 }));
    await until(() => calls.length === 1, "the seat lookup");
    await dom.type(el.querySelector<HTMLInputElement>("#join-code")!, "WXYZ");
    await dom.type(el.querySelector<HTMLInputElement>("#join-name")!, "priya ");
    expect(el.querySelector("a")!.textContent).toBe("Back to WXYZ as Priya");
    await act(async () => void el.querySelector("form")!.requestSubmit());
    expect(visits).toEqual(["/lobby/WXYZ"]);
    expect(calls.filter((c) => c.url.startsWith("/api/lobby/join"))).toEqual([]);
  });
});

describe("a network refusal", () => {
  function fakeConnection(state: LinkState) {
    const link = signal<LinkState>(state);
    return { connection: { state: link } as unknown as Connection, link };
  }

  test("'Could not reach the server' goes once the page's connection is back online; other refusals stay", async () => {
    const { connection, link } = fakeConnection("online");
    setPageConnection(connection);
    const { useRefusal, Refusal } = await import("../../islands/client/refusal");
    let refusal: ReturnType<typeof useRefusal> | undefined;
    function Probe() {
      refusal = useRefusal();
      return createElement(Refusal, { message: refusal.message });
    }
    const el = await mount(Probe, storeFor(lobby(), "bob"));
    await act(async () => void refusal!.from({ success: false, status: 0 }, "Failed to join team"));
    expect(el.textContent).toContain("Could not reach the server");
    await act(async () => void (link.value = "offline"));
    expect(el.textContent).toContain("Could not reach the server");
    await act(async () => void (link.value = "online"));
    expect(el.textContent).toBe("");

    await act(async () => void refusal!.from({ success: false, status: 409, message: "That team is full" }, "Failed to join team"));
    await act(async () => void (link.value = "offline"));
    await act(async () => void (link.value = "online"));
    expect(el.textContent).toBe("That team is full");
  });
});
