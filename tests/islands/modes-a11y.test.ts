// A Duel's and a Tournament's game pages for keyboard and screen-reader players, as Teams' is
// (game-a11y.test.ts), in a happy-dom document with the session's own event handling: a phase change
// moves focus to the new phase's heading (never on the first render, never away from the chat) and
// is announced politely in the mode's words; nothing announced tells the other side's answer.
import { afterEach, describe, expect, test } from "bun:test";
import { act } from "react";
import { decideMatch, seedBracket } from "../../src/game/tournament/bracket";
import type { Bracket } from "../../src/game/tournament/bracket-schema";
import type { DuelResult, SidePlay } from "../../src/game/types";
import type { GameView, LobbyView, PairView, RoundView } from "../../src/game/views";
import type { RoundResults } from "../../src/shared/events";
import { wireEvents } from "../../islands/client/session";
import { setPageConnection } from "../../islands/client/socket-context";
import { createStore, type Store } from "../../islands/client/store";
import DuelPanel from "../../islands/duels/DuelPanel";
import TournamentPanel from "../../islands/tournament/TournamentPanel";
import { stillIntervals, until } from "../support/dom";
import { fakeConnection } from "../support/fake-connection";
import { useGamePageDom } from "../support/game-page-dom";

const { dom, roots } = useGamePageDom("http://localhost:3000/game/WXYZ");
stillIntervals();
afterEach(() => setPageConnection(null));

const T = 1_800_000_000_000;
const QUESTION = "Which planet is known as the Red Planet?";
const NAMES: Record<string, string> = { hana: "Hana", rio: "Rio", zed: "Zed", cy: "Cy" };
/** What Rio types: no announcement on Hana's page may ever carry it. */
const RIOS_ANSWER = "Venus";

const player = (id: string) => ({ id, name: NAMES[id]!, team: null, isCaptain: false, isHost: id === "hana", connected: true });
const currentRound = (n: number) => ({ number: n, question: `${QUESTION} (${n})`, category: "Space", endsAt: T + 30_000 });

function lobbyOf(mode: "duels" | "tournament", ids: string[], game: Partial<GameView>): LobbyView {
  const gameState: GameView = { phase: "idle", currentRoundNumber: 0, totalRounds: 3, currentRound: null, locked: { blue: false, red: false }, scores: { blue: 0, red: 0 }, rounds: [], ...game };
  return { code: "WXYZ", mode, players: ids.map(player), host: { id: "hana", name: "Hana" }, blueTeam: [], redTeam: [], captains: { blue: null, red: null }, settings: { rounds: 3, roundLimit: 60, tags: ["General"] }, gameState };
}

/** `me`'s page on `lobby`, its session wired to a connection the test speaks for; the island mounted. */
async function page(island: typeof DuelPanel, lobby: LobbyView, me: string) {
  const store = createStore({ page: "game", code: "WXYZ", lobby, now: T });
  const { connection, hear } = fakeConnection();
  wireEvents(store, connection);
  const el = await dom.mount(island, store, (root) => void roots.push(root));
  // As on a real page: the session learns its player, then the connection opens.
  await act(async () => {
    store.meId.value = me;
    setPageConnection(connection);
  });
  return { store, el, hear };
}

const news = (el: HTMLElement) => el.querySelector(".sr-only[role=status]")?.textContent ?? null;
const focused = () => `${document.activeElement?.tagName} ${document.activeElement?.textContent?.trim()}`;
/** What a phase's arrival (`step`) leaves: focus on its heading, `said` in the live region, no screen text echoed. */
async function expectPhase(el: HTMLElement, step: Promise<unknown>, heading: string, said: string) {
  await step;
  expect(focused()).toBe(`H2 ${heading}`);
  expect(news(el)).toBe(said);
  expectNoEcho(el);
}
/** Focus on nothing in particular, as after a button that went with the old phase. */
const rest = () => (document.activeElement as HTMLElement | null)?.blur();
/** The announcement repeats no heading or status line shown, so looking a screen text up finds one element; and never Rio's answer. */
function expectNoEcho(el: HTMLElement) {
  const said = news(el)!.toLowerCase();
  expect(said).not.toBe("");
  expect(said).not.toContain(RIOS_ANSWER.toLowerCase());
  for (const shown of el.querySelectorAll("h2, .duel-section > h3, .versus strong, .waiting, .where, .champion, .locked")) expect(said).not.toContain(shown.textContent!.replace(/^\W+/, "").trim().toLowerCase());
}

const side = (id: string, play: Partial<SidePlay>): SidePlay => ({ playerId: id, name: NAMES[id]!, answer: null, steal: false, correct: null, points: 0, overruled: false, ...play });
function judged(n: number, duels: DuelResult[]): RoundView {
  return { number: n, question: `${QUESTION} (${n})`, category: "Space", answer: "Mars", blueAnswer: null, redAnswer: null, blueSteal: false, redSteal: false, blueCorrect: null, redCorrect: null, bluePointsGained: 0, redPointsGained: 0, winner: "tie", overruled: [], duels };
}
const started = (n: number, pairs: PairView[], bracket?: Bracket & { names: Record<string, string> }) => ({ game: { currentRoundNumber: n, totalRounds: 3, currentRound: currentRound(n), scores: { blue: 0, red: 0 }, pairs, ...(bracket && { bracket }) }, endsAt: T + 30_000 });
const results = (round: RoundView, extra: Partial<RoundResults>, gameComplete = false): RoundResults => ({ round, scores: { blue: 0, red: 0 }, gameComplete, game: { rounds: [round], currentRoundNumber: round.number, totalRounds: 3 }, ...extra });
const standing = (id: string, points: number, steals = 0) => ({ playerId: id, name: NAMES[id]!, points, steals });

describe("a Duel's game page", () => {
  const PAIRS: PairView[] = [
    { a: "hana", b: "rio", aLocked: false, bLocked: false },
    { a: "zed", b: null, aLocked: false, bLocked: false },
  ];
  const duelLobby = (game: Partial<GameView> = {}) => lobbyOf("duels", ["hana", "rio", "zed"], { standings: ["hana", "rio", "zed"].map((id) => standing(id, 0)), ...game });
  const rightVsWrong = (n: number) => judged(n, [{ a: side("hana", { answer: "Mars", correct: true, points: 1 }), b: side("rio", { answer: RIOS_ANSWER, correct: false }) }, { a: side("zed", { answer: "Mars", correct: true, points: 1 }), b: null }]);

  test("the first render, and the session learning its player, take no focus and announce nothing", async () => {
    const { el } = await page(DuelPanel, duelLobby({ phase: "question", currentRoundNumber: 1, currentRound: currentRound(1), pairs: PAIRS }), "hana");
    expect(el.querySelector("h2")?.textContent).toContain(QUESTION);
    expect(document.activeElement).toBe(document.body);
    expect(news(el)).toBe("");
  });

  test("each phase moves focus to its heading and says it in a Duel's words: the opponent, the answer in, the duel's result and place, the winner", async () => {
    const { store, el, hear } = await page(DuelPanel, duelLobby(), "hana");
    expect(focused()).toStartWith("BODY");

    // The host's Start Round went with the idle phase: focus is on nothing, and comes to the question.
    await expectPhase(el, hear("round-started", started(1, PAIRS)), `${QUESTION} (1)`, "Round 1 started: you face Rio");

    // Hana's own lock (her phone hears it with what she typed), then Rio's (never what).
    await expectPhase(el, hear("duel-locked", { roundNumber: 1, playerId: "hana", answer: "Mars", isSteal: false }), "✔ Answer locked", "Your answer is in");
    await hear("duel-locked", { roundNumber: 1, playerId: "rio" });
    expect(el.textContent).toContain("Rio has locked in");
    expect(news(el)).toBe("Your answer is in");

    const standings = [standing("hana", 1), standing("zed", 1), standing("rio", 0)];
    await expectPhase(el, hear("round-results", results(rightVsWrong(1), { standings })), "Round 1 Results", "Round 1 over: you beat Rio, 1 to 0. Your place: 1 of 3.");

    // The host rules Rio right: the news follows, focus stays where it is.
    const overruled = judged(1, [{ a: side("hana", { answer: "Mars", correct: true, points: 1 }), b: side("rio", { answer: RIOS_ANSWER, correct: true, points: 1, overruled: true }) }, { a: side("zed", { answer: "Mars", correct: true, points: 1 }), b: null }]);
    await hear("round-overruled", results(overruled, { standings: [standing("hana", 1), standing("rio", 1), standing("zed", 1)] }));
    expect(news(el)).toBe("Round 1 over: you drew with Rio, 1 to 1. Your place: 1 of 3.");
    expect(focused()).toBe("H2 Round 1 Results");

    rest();
    await hear("round-started", started(2, [{ a: "zed", b: "hana", aLocked: false, bLocked: false }, { a: "rio", b: null, aLocked: false, bLocked: false }]));
    expect(news(el)).toBe("Round 2 started: you face Zed");
    await hear("duel-locked", { roundNumber: 2, playerId: "hana", isSteal: true, answer: "" });
    expect(news(el)).toBe("Your steal is in");
    const lost = judged(2, [{ a: side("zed", { answer: "Saturn", correct: false }), b: side("hana", { steal: true }) }, { a: side("rio", { answer: "Mars", correct: true, points: 1 }), b: null }]);
    // Hana stole a wrong answer: +2 to Zed. The game is over.
    lost.duels![0]!.a.points = 2;
    const final = [standing("zed", 3), standing("rio", 2), standing("hana", 1)];
    await hear("round-results", results(lost, { standings: final }, true));
    expect(news(el)).toBe("Round 2 over: you lost to Zed, 0 to 2. Your place: 3 of 3.");
    // See the summary: the button goes with the results, and focus comes to the summary's heading.
    await expectPhase(el, act(async () => el.querySelector<HTMLButtonElement>("button.wide")!.click()), "Game Complete!", "Game over: Zed wins. Your place: 3 of 3.");
    expect(store.phase.value).toBe("summary");
  });

  test("the bye and a latecomer are said as such", async () => {
    const zed = await page(DuelPanel, duelLobby(), "zed");
    await zed.hear("round-started", started(1, PAIRS));
    expect(news(zed.el)).toBe("Round 1 started: you have the bye");
    expectNoEcho(zed.el);
    await zed.hear("round-results", results(rightVsWrong(1), { standings: [standing("hana", 1), standing("zed", 1), standing("rio", 0)] }));
    expect(news(zed.el)).toBe("Round 1 over: +1 from the bye. Your place: 2 of 3.");
    for (const root of roots.splice(0)) act(() => root.unmount());

    const late = await page(DuelPanel, duelLobby(), "cy");
    await late.hear("round-started", started(1, PAIRS));
    expect(news(late.el)).toBe("Round 1 started: you play from the next round");
    expectNoEcho(late.el);
  });

  test("focus the player put in the chat stays there, and the change is still announced", async () => {
    const { el, hear } = await page(DuelPanel, duelLobby(), "hana");
    const chat = document.createElement("input");
    document.body.appendChild(chat);
    chat.focus();
    await hear("round-started", started(1, PAIRS));
    expect(document.activeElement).toBe(chat);
    expect(news(el)).toBe("Round 1 started: you face Rio");
  });

  test("the last 10 seconds are announced once", async () => {
    const { store, el, hear } = await page(DuelPanel, duelLobby(), "hana");
    await hear("round-started", started(1, PAIRS));
    await act(async () => void (store.now.value = T + 19_000));
    expect(news(el)).toBe("Round 1 started: you face Rio");
    await act(async () => void (store.now.value = T + 20_000));
    expect(news(el)).toBe("10 seconds left");
    await act(async () => void (store.now.value = T + 21_000));
    expect(news(el)).toBe("10 seconds left");
  });
});

describe("a Tournament's game page", () => {
  // Four entrants, no byes: the semi-finals Hana vs Rio and Zed vs Cy, then the final.
  const names = { hana: "Hana", rio: "Rio", zed: "Zed", cy: "Cy" };
  const drawn = seedBracket(["hana", "rio", "zed", "cy"]);
  const kept = (b: Bracket) => ({ ...b, names });
  /** The bracket with the semi-finals' scores (Hana's side first, then Zed's). */
  const scored = (b: Bracket, hana: [number, number], zed: [number, number], questions: number) => ({
    rounds: b.rounds.map((r, ri) => (ri === 0 ? r.map((m, i) => ({ ...m, score: { a: (i === 0 ? hana : zed)[0], b: (i === 0 ? hana : zed)[1], questions } })) : r)),
  });
  const SEMIS: PairView[] = [
    { a: "hana", b: "rio", aLocked: false, bLocked: false },
    { a: "zed", b: "cy", aLocked: false, bLocked: false },
  ];
  const tournamentLobby = () => lobbyOf("tournament", ["hana", "rio", "zed", "cy"], { bracket: kept(drawn) });
  /** Hana answers right and Rio wrong; Zed and Cy both right (nobody's question). */
  const question = (n: number) => judged(n, [{ a: side("hana", { answer: "Mars", correct: true, points: 1 }), b: side("rio", { answer: RIOS_ANSWER, correct: false }) }, { a: side("zed", { answer: "Mars", correct: true, points: 1 }), b: side("cy", { answer: "Mars", correct: true, points: 1 }) }]);
  /** The page, with its screens' chunk loaded (after the connection, as on a real page). */
  async function tournamentPage(me: string) {
    const p = await page(TournamentPanel, tournamentLobby(), me);
    await until(() => p.el.querySelector("h2")?.textContent === "The Tournament", "the Tournament's screens");
    return p;
  }

  test("the screens' arrival takes no focus and announces nothing", async () => {
    const { el } = await tournamentPage("hana");
    expect(document.activeElement).toBe(document.body);
    expect(news(el)).toBe("");
  });

  test("each phase moves focus to its heading and says it in a Tournament's words: the match, the question's winner, through, the champion", async () => {
    const { store, el, hear } = await tournamentPage("hana");

    await expectPhase(el, hear("round-started", started(1, SEMIS, kept(drawn))), `${QUESTION} (1)`, "Question 1 started: your semi-final against Rio, 0 to 0");
    await expectPhase(el, hear("duel-locked", { roundNumber: 1, playerId: "hana", answer: "Mars", isSteal: false }), "✔ Answer locked", "Your answer is in");
    await expectPhase(el, hear("round-results", results(question(1), { bracket: kept(scored(drawn, [1, 0], [0, 0], 1)) })), "Round 1 Results", "Question 1 over: you won the question; your semi-final stands at 1 to 0");

    rest();
    await hear("round-started", started(2, SEMIS, kept(scored(drawn, [1, 0], [0, 0], 1))));
    expect(news(el)).toBe("Question 2 started: your semi-final against Rio, 1 to 0");
    const through = decideMatch(scored(drawn, [2, 0], [0, 0], 2), 0, 0, "hana")!;
    await hear("round-results", results(question(2), { bracket: kept(through) }));
    expect(news(el)).toBe("Question 2 over: you won the question, and the semi-final: through to the final");
    expectNoEcho(el);

    // Hana watches the other semi-final.
    rest();
    await expectPhase(el, hear("round-started", started(3, [SEMIS[1]!], kept(through))), `${QUESTION} (3)`, "Question 3 started: you watch the live matches");

    // The final, won by Zed: the game is over.
    const final = decideMatch(decideMatch(through, 0, 1, "zed")!, 1, 0, "zed")!;
    await hear("round-results", results(judged(9, [{ a: side("hana", { answer: "Pluto", correct: false }), b: side("zed", { answer: "Mars", correct: true, points: 1 }) }]), { bracket: kept(final) }, true));
    expect(news(el)).toBe("Question 9 over: Zed won the question, and Zed the final: you are out");
    await expectPhase(el, act(async () => void (store.phase.value = "summary")), "Game Complete!", "Game over: Zed is the champion");
  });

  test("the loser of a match hears that they are out; the champion that they won", async () => {
    const rio = await tournamentPage("rio");
    await rio.hear("round-started", started(2, SEMIS, kept(scored(drawn, [1, 0], [0, 0], 1))));
    expect(news(rio.el)).toBe("Question 2 started: your semi-final against Hana, 0 to 1");
    await rio.hear("round-results", results(question(2), { bracket: kept(decideMatch(scored(drawn, [2, 0], [0, 0], 2), 0, 0, "hana")!) }));
    expect(news(rio.el)).toBe("Question 2 over: Hana won the question, and Hana the semi-final: you are out");
    expectNoEcho(rio.el);
    for (const root of roots.splice(0)) act(() => root.unmount());

    const zed = await tournamentPage("zed");
    const final = decideMatch(decideMatch(decideMatch(drawn, 0, 0, "hana")!, 0, 1, "zed")!, 1, 0, "zed")!;
    await zed.hear("round-results", results(judged(9, [{ a: side("hana", { answer: "Pluto", correct: false }), b: side("zed", { answer: "Mars", correct: true, points: 1 }) }]), { bracket: kept(final) }, true));
    expect(news(zed.el)).toBe("Question 9 over: you won the question: you win the tournament");
    await act(async () => void (zed.store.phase.value = "summary"));
    expect(news(zed.el)).toBe("Game over: you win the tournament");
  });

  test("a game the host ends before its champion is over, with no champion named", async () => {
    const { el, hear } = await tournamentPage("rio");
    await hear("round-started", started(1, SEMIS, kept(drawn)));
    await expectPhase(el, hear("game-stopped", { updateType: "game-stopped", reason: "The host ended the game", lobby: { ...tournamentLobby(), gameState: { ...tournamentLobby().gameState!, phase: "complete" } } }), "Game Complete!", "Game over");
    expect(el.textContent).toContain("No champion: the host ended the tournament early");
    expect(el.textContent).not.toContain("Champion:");
  });

  test("focus the player put in the chat stays there, and the change is still announced", async () => {
    const { el, hear } = await tournamentPage("hana");
    const chat = document.createElement("input");
    document.body.appendChild(chat);
    chat.focus();
    await hear("round-started", started(1, SEMIS, kept(drawn)));
    expect(document.activeElement).toBe(chat);
    expect(news(el)).toBe("Question 1 started: your semi-final against Rio, 0 to 0");
  });
});
