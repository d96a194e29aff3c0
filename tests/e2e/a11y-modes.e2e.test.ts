// A Duel's and a Tournament's game screens in real Chromium, for keyboard and screen-reader players
// as Teams' are (a11y.e2e.test.ts): axe-core (WCAG 2.1 A and AA) and no sideways scrolling on every
// phase at a phone's (390x844) and a desktop's width; focus follows each phase to its heading, from
// the host's bar or from nothing, stays in the chat, and the live region says each phase in the
// mode's words.
import { expect, test } from "bun:test";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { audit, focusedStop, phaseNews, tabTo } from "../support/a11y";
import { useE2eSuite } from "../support/e2e";
import { DESKTOP, live, PHONE, type Device } from "../support/phones";
import { createLobby, exactJudge, joinLobby, lobbyData, ok, quizQuestion, quizQuestions, startRound, submit, type Seat } from "../support/rest";

const suite = useE2eSuite({ questions: quizQuestions, judge: exactJudge, shotsFolder: "a11y-modes" });
const { app, shots } = suite;

const found: string[] = [];
const look = async (page: Page, screen: string) => found.push(...(await audit(page, screen, (size) => join(shots, `${screen}-${size}.png`), { phone: PHONE.viewport, desktop: DESKTOP.viewport })));
const right = (q: number) => quizQuestion(q).answer;
const asked = (q: number) => quizQuestion(q).question;
/** The test's end: nothing axe found on any screen looked at, no page threw, the devices put away. */
async function finish(...devices: Device[]): Promise<void> {
  expect(found).toEqual([]);
  for (const d of devices) expect(d.errors).toEqual([]);
  for (const d of devices) await d.context.close();
}
const liveRegion = (page: Page) => page.locator("section.panel > .sr-only[role=status]").textContent();

test("a Duel by keyboard: every phase passes axe on a phone and a desktop, focus follows it, the chat keeps its focus, each is said", async () => {
  const host = await createLobby(app, "Hana", "duels");
  const rioSeat = await joinLobby(app, host.code, "Rio");
  await ok(app, "/api/lobby/updateSettings", host.token, { settings: { rounds: 2, roundLimit: 60 } });
  await ok(app, "/api/lobby/start", host.token);
  const hana = await suite.device(host.code, host, `/game/${host.code}`, DESKTOP);
  const rio = await suite.device(host.code, rioSeat, `/game/${host.code}`, PHONE);
  for (const d of [hana, rio]) await live(d.page);

  // Arriving takes no focus and says nothing.
  await hana.page.getByRole("button", { name: "Start Round" }).waitFor();
  expect(await rio.page.evaluate(() => document.activeElement?.tagName)).toBe("BODY");
  expect(await liveRegion(rio.page)).toBe("");
  await look(rio.page, "duel-idle-rio");
  await look(hana.page, "duel-idle-hana");

  // The host starts the round from the bar: focus follows to the question on both screens.
  await tabTo(hana.page, "Start Round");
  await hana.page.keyboard.press("Enter");
  expect(await phaseNews(hana.page, asked(1))).toBe("Round 1 started: you face Rio");
  expect(await phaseNews(rio.page, asked(1))).toBe("Round 1 started: you face Hana");
  await look(rio.page, "duel-question-rio");
  await look(hana.page, "duel-question-hana");

  // From the question, the next Tab is the answer; Enter locks it, and focus goes to what was locked.
  await rio.page.keyboard.press("Tab");
  expect((await focusedStop(rio.page))?.label).toBe("Your answer");
  await rio.page.keyboard.type(right(1));
  await rio.page.keyboard.press("Enter");
  expect(await phaseNews(rio.page, "✔ Answer locked")).toBe("Your answer is in");
  await look(rio.page, "duel-answered-rio");

  await hana.page.keyboard.press("Tab");
  await hana.page.keyboard.type("a wrong guess");
  await hana.page.keyboard.press("Enter");
  expect(await phaseNews(rio.page, "Round 1 Results")).toBe("Round 1 over: you beat Hana, 1 to 0. Your place: 1 of 2.");
  expect(await phaseNews(hana.page, "Round 1 Results")).toBe("Round 1 over: you lost to Rio, 0 to 1. Your place: 2 of 2.");
  // The host's one duel is theirs: no empty "Every duel" under it.
  expect(await hana.page.getByText("Every duel").count()).toBe(0);
  await look(rio.page, "duel-results-rio");
  await look(hana.page, "duel-results-hana");

  // Rio types in the chat as the next round starts: the chat keeps the focus, the round is still said.
  await rio.page.getByPlaceholder("Type a room message...").click();
  await rio.page.keyboard.type("good one");
  await tabTo(hana.page, "Next Round");
  await hana.page.keyboard.press("Enter");
  await rio.page.getByText(asked(2)).waitFor();
  expect(await rio.page.evaluate(() => (document.activeElement as HTMLInputElement).value)).toBe("good one");
  expect(await liveRegion(rio.page)).toBe("Round 2 started: you face Hana");

  await submit(app, rioSeat, 2, right(2));
  await submit(app, host, 2, "wrong again");
  await rio.page.getByText("Round 2 Results").waitFor();
  await tabTo(rio.page, "See the summary");
  await rio.page.keyboard.press("Enter");
  expect(await phaseNews(rio.page, "Game Complete!")).toBe("Game over: you win. Your place: 1 of 2.");
  await rio.page.getByRole("list", { name: "Podium" }).waitFor();
  await look(rio.page, "duel-summary-rio");

  await finish(hana, rio);
}, 120_000);

test("a Tournament: every phase passes axe on a phone and a desktop, focus follows it and each is said, to the champion", async () => {
  const host = await createLobby(app, "Hana", "tournament");
  const seats: Record<string, Seat> = { [host.id]: host };
  for (const name of ["Rio", "Zed"]) {
    const seat = await joinLobby(app, host.code, name);
    seats[seat.id] = seat;
  }
  const rioId = Object.values(seats).find((s) => s.name === "Rio")!.id;
  await ok(app, "/api/lobby/start", host.token);
  const hana = await suite.device(host.code, host, `/game/${host.code}`, DESKTOP);
  const rio = await suite.device(host.code, seats[rioId]!, `/game/${host.code}`, PHONE);
  for (const d of [hana, rio]) await live(d.page);
  await rio.page.getByRole("heading", { name: "The Tournament" }).waitFor();
  await hana.page.getByRole("heading", { name: "The Tournament" }).waitFor();
  expect(await liveRegion(rio.page)).toBe("");
  await look(rio.page, "tournament-idle-rio");
  await look(hana.page, "tournament-idle-hana");

  // Three entrants in four places: one bye. Every question, each live match's side a is right and side b wrong.
  for (let q = 1; ; q++) {
    await startRound(app, host);
    const game = (await lobbyData(app, host.code)).gameState;
    const names: Record<string, string> = game.bracket.names;
    const pairs: { a: string; b: string }[] = game.pairs;
    const mine = pairs.find((p) => p.a === rioId || p.b === rioId);
    const opponent = mine && names[mine.a === rioId ? mine.b : mine.a];
    const news = await phaseNews(rio.page, asked(q));
    if (mine) expect(news).toMatch(new RegExp(`^Question ${q} started: your (semi-final|final) against ${opponent}, \\d to \\d$`));
    else expect(news).toBe(`Question ${q} started: you watch the live matches`);
    if (q <= 2) await look(rio.page, `tournament-question-${q}-${mine ? "playing" : "watching"}-rio`);
    for (const p of pairs) {
      await submit(app, seats[p.a]!, q, right(q));
      await submit(app, seats[p.b]!, q, "not it");
    }
    const said = await phaseNews(rio.page, `Round ${q} Results`);
    if (!mine) expect(said).toBe(`Question ${q} over`);
    else if (mine.a === rioId) expect(said).toMatch(new RegExp(`^Question ${q} over: you won the question[;,:] `));
    else expect(said).toMatch(new RegExp(`^Question ${q} over: ${opponent} won the question[;,] `));
    if (q === 1) {
      await look(rio.page, "tournament-results-rio");
      await look(hana.page, "tournament-results-hana");
    }
    if ((await lobbyData(app, host.code)).gameState.phase === "complete") break;
  }

  const bracket = (await lobbyData(app, host.code)).gameState.bracket;
  const champion = bracket.rounds.at(-1)[0].winner as string;
  await tabTo(rio.page, "See the summary");
  await rio.page.keyboard.press("Enter");
  expect(await phaseNews(rio.page, "Game Complete!")).toBe(champion === rioId ? "Game over: you win the tournament" : `Game over: ${bracket.names[champion]} is the champion`);
  await look(rio.page, "tournament-champion-rio");

  await finish(hana, rio);
}, 180_000);

test("a Tournament the host ends after its first question: the summary names no champion, and passes axe", async () => {
  const host = await createLobby(app, "Hana", "tournament");
  const rio = await joinLobby(app, host.code, "Rio");
  const zed = await joinLobby(app, host.code, "Zed");
  const seats: Record<string, Seat> = { [host.id]: host, [rio.id]: rio, [zed.id]: zed };
  await ok(app, "/api/lobby/start", host.token);
  const phone = await suite.device(host.code, rio, `/game/${host.code}`, PHONE);
  await live(phone.page);
  await phone.page.getByRole("heading", { name: "The Tournament" }).waitFor();
  // One question judged (a game with none goes back to the lobby instead), then the host ends it.
  await startRound(app, host);
  for (const p of (await lobbyData(app, host.code)).gameState.pairs as { a: string; b: string }[]) {
    await submit(app, seats[p.a]!, 1, right(1));
    await submit(app, seats[p.b]!, 1, "not it");
  }
  await phone.page.getByText("Round 1 Results").waitFor();
  await ok(app, "/api/lobby/endGame", host.token);
  await phone.page.getByRole("heading", { name: "Game Complete!" }).waitFor();
  await phone.page.getByText("No champion: the host ended the tournament early").waitFor();
  expect(await phone.page.getByText(/^Champion:/).count()).toBe(0);
  await look(phone.page, "tournament-ended-early-rio");
  await finish(phone);
}, 120_000);
