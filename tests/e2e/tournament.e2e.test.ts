// A Tournament in Chromium (docs/rules.md "Tournament"): the host picks the Tournament tile; six
// players (a desktop, three phones, two over REST) and the TV play a bracket of eight with two byes to
// its champion. One quarter-final goes level through three questions to sudden death; every phone says
// where its player stands ("Quarter-final vs NAME, 1-0", through, out), the TV draws the bracket as it
// fills, shows the final full-screen and crowns the champion. Every screen is photographed and checked with axe;
// a phone whose focus rests on nothing follows each phase to its heading and hears it in a Tournament's words.
import { expect, test } from "bun:test";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { axeViolations, phaseNews } from "../support/a11y";
import { useE2eSuite } from "../support/e2e";
import { exactJudge, joinLobby, lobbyData, quizQuestion, quizQuestions, submit, type Seat } from "../support/rest";
import { DESKTOP, live, PHONE, type Device } from "../support/phones";

const suite = useE2eSuite({ questions: quizQuestions, judge: exactJudge, shotsFolder: "tournament" });
const { app, shots } = suite;
const TV = { viewport: { width: 1920, height: 1080 } };

const right = (q: number) => quizQuestion(q).answer;
const shot = (page: Page, name: string) => page.screenshot({ path: join(shots, `${name}.png`), animations: "disabled", fullPage: true });
const violations: string[] = [];
async function look(page: Page, name: string) {
  await shot(page, name);
  violations.push(...(await axeViolations(page)).map((v) => `${name}: ${v}`));
}
const where = (page: Page, text: string | RegExp) => page.locator(".where", { hasText: text }).first().waitFor();

test("six players, two byes, a sudden-death quarter-final, the bracket on the TV, the final full-screen, a champion", async () => {
  const hana = await suite.device("", null, "/", DESKTOP);
  await hana.page.getByRole("button", { name: /Tournament/ }).click();
  expect(await hana.page.getByRole("button", { name: /Tournament/ }).getAttribute("aria-pressed")).toBe("true");
  expect(await hana.page.getByText("Under Construction").count()).toBe(0);
  await hana.page.getByRole("region", { name: "Start a new room" }).getByPlaceholder("Enter your name").fill("Hana");
  await look(hana.page, "01-home-tournament-desktop");
  const phoneHome = await suite.device("", null, "/", PHONE);
  await phoneHome.page.getByRole("button", { name: /Tournament/ }).click();
  await look(phoneHome.page, "01-home-tournament-phone");
  await phoneHome.context.close();
  await hana.page.getByRole("button", { name: "Host", exact: true }).click();
  await hana.page.waitForURL(/\/lobby\/[A-Z0-9]{4}$/);
  const code = hana.page.url().slice(-4);

  const seats: Record<string, Seat> = {};
  for (const name of ["Ravi", "Bo", "Cy", "Di", "Ed"]) seats[name] = await joinLobby(app, code, name);
  const phone = (name: string) => suite.device(code, seats[name]!, `/lobby/${code}`, PHONE);
  const phones = Object.fromEntries(await Promise.all(["Ravi", "Bo", "Cy"].map(async (n) => [n, await phone(n)] as const))) as Record<string, Device>;
  const tv = await suite.device(code, null, `/tv/${code}`, TV);
  const devices = [hana, ...Object.values(phones), tv];
  for (const d of devices) await live(d.page);

  await phones.Ravi!.page.getByRole("heading", { name: "Players (6/16)" }).waitFor();
  await phones.Ravi!.page.getByText("A knockout bracket, drawn at random").waitFor();
  await tv.page.getByText("Waiting for the host to start the Tournament...").waitFor();
  await look(phones.Ravi!.page, "02-lobby-phone");
  await look(tv.page, "03-lobby-tv");
  await hana.page.getByRole("button", { name: "Start Game" }).click();
  for (const d of [hana, ...Object.values(phones)]) await d.page.waitForURL(new RegExp(`/game/${code}$`));
  for (const d of [hana, ...Object.values(phones)]) await live(d.page);

  // The draw is random: read it from the lobby object. Eight places, six players: two byes.
  const start = await lobbyData(app, code);
  const names: Record<string, string> = start.gameState.bracket.names;
  const first: { a: string; b: string | null }[] = start.gameState.bracket.rounds[0];
  expect(first.filter((m) => m.b === null)).toHaveLength(2);
  const byeTaker = names[first.find((m) => m.b === null)!.a]!;
  const [sudden, quick] = first.filter((m) => m.b !== null) as { a: string; b: string }[];
  const [sa, sb, qa, qb] = [sudden!.a, sudden!.b, quick!.a, quick!.b].map((id) => names[id]!) as [string, string, string, string];
  const pageOf = (name: string) => (name === "Hana" ? hana.page : phones[name]?.page);
  await tv.page.getByRole("group", { name: "Bracket" }).waitFor();

  /** One question: each live player right or wrong; the ones with a page type it, the rest post it, the last lock posted or awaited. */
  async function question(q: number, plays: Record<string, boolean>) {
    // The host's click only sends the call: a player with no page, posting at once, could find no
    // round open yet. The TV names the question once it is.
    await tv.page.getByText(`Question ${q}`, { exact: true }).waitFor();
    const players = Object.keys(plays).sort((x, y) => Number(Boolean(pageOf(y))) - Number(Boolean(pageOf(x))));
    for (const [i, name] of players.entries()) {
      const text = plays[name] ? right(q) : `not ${q}`;
      const page = pageOf(name);
      if (page) {
        await page.getByPlaceholder("Type your answer").fill(text);
        await page.getByRole("button", { name: "Submit", exact: true }).click();
        await page.getByText(i === players.length - 1 ? `Round ${q} Results` : "Answer locked").first().waitFor();
      } else await submit(app, seats[name]!, q, text);
    }
    await tv.page.getByText(`Round ${q} Results`).waitFor();
  }
  const next = async (label: string) => hana.page.getByRole("region", { name: "Host controls" }).getByRole("button", { name: label }).click();

  await hana.page.getByText("Start the first matches from your controls above").waitFor();
  await next("Start Round");
  // Question 1: both quarter-finals live; the bye-takers are through.
  const byePage = pageOf(byeTaker);
  if (byePage) {
    await where(byePage, "You are through");
    await look(byePage, "04-through-phone");
  }
  const livePhone = [sa, sb, qa, qb].find((n) => n !== "Hana" && phones[n]);
  if (livePhone) {
    await where(phones[livePhone]!.page, /Quarter-final vs .+, 0-0/);
    const opponent = { [sa]: sb, [sb]: sa, [qa]: qb, [qb]: qa }[livePhone];
    expect(await phaseNews(phones[livePhone]!.page, quizQuestion(1).question)).toBe(`Question 1 started: your quarter-final against ${opponent}, 0 to 0`);
    await look(phones[livePhone]!.page, "05-question-phone");
  }
  await tv.page.getByText("Question 1", { exact: true }).waitFor();
  await look(tv.page, "06-question-tv-bracket");
  await question(1, { [sa]: true, [sb]: true, [qa]: true, [qb]: false });
  const quickPhone = [qa, qb].find((n) => pageOf(n));
  if (quickPhone) await where(pageOf(quickPhone)!, quickPhone === qa ? `Quarter-final vs ${qb}, 1-0` : `Quarter-final vs ${qa}, 0-1`);
  await look(hana.page, "07-results-desktop-host");
  await next("Next Round");
  await question(2, { [sa]: true, [sb]: true, [qa]: true, [qb]: false });
  // The quick quarter-final is decided 2-0: its loser is out, its winner through; the other goes on.
  const outPage = pageOf(qb);
  if (outPage) {
    await where(outPage, "Out in the quarter-final: watch the rest");
    expect(await phaseNews(outPage, "Round 2 Results")).toBe(`Question 2 over: ${qa} won the question, and ${qa} the quarter-final: you are out`);
    await look(outPage, "08-out-phone");
  }
  await next("Next Round");
  await question(3, { [sa]: true, [sb]: true });
  // Level after three: sudden death.
  const suddenPhone = [sa, sb].find((n) => pageOf(n));
  if (suddenPhone) {
    await where(pageOf(suddenPhone)!, "(sudden death)");
    await look(pageOf(suddenPhone)!, "09-sudden-death-phone");
  }
  await look(tv.page, "10-results-tv-bracket");
  // A TV cannot scroll: the bracket and every duel's result fit its 1080p screen.
  expect(await tv.page.evaluate(() => document.documentElement.scrollHeight - innerHeight)).toBeLessThanOrEqual(0);
  await next("Next Round");
  await question(4, { [sa]: true, [sb]: false });
  let data = await lobbyData(app, code);
  expect(data.gameState.bracket.rounds[0].find((m: { a: string }) => m.a === sudden!.a)).toMatchObject({ winner: sudden!.a, score: { a: 1, b: 0, questions: 4 } });

  // The semi-finals, then the final: side a wins each 2-0.
  let q = 5;
  for (const round of [1, 2]) {
    data = await lobbyData(app, code);
    const matches: { a: string; b: string }[] = data.gameState.bracket.rounds[round];
    for (let k = 0; k < 2; k++, q++) {
      await next("Next Round");
      if (round === 2 && k === 0) {
        await tv.page.getByRole("heading", { name: "The Final" }).waitFor();
        await look(tv.page, "11-final-tv");
      }
      if (round === 1 && k === 1) {
        const semi = matches.map((m) => names[m.a]!).find((n) => pageOf(n) && n !== "Hana");
        if (semi) await where(pageOf(semi)!, /Semi-final vs .+, 1-0/);
      }
      await question(q, Object.fromEntries(matches.flatMap((m) => [[names[m.a]!, true], [names[m.b]!, false]])));
    }
  }
  data = await lobbyData(app, code);
  expect(data.gameState.phase).toBe("complete");
  const champ = names[data.gameState.bracket.rounds[2][0].winner]!;
  await tv.page.getByText(`Champion: ${champ}`).waitFor({ timeout: 20_000 });
  await look(tv.page, "12-champion-tv");
  const watcher = Object.keys(phones).find((n) => n !== champ)!;
  await phones[watcher]!.page.getByText(`Champion: ${champ}`).waitFor({ timeout: 20_000 });
  expect(await phaseNews(phones[watcher]!.page, "Game Complete!")).toBe(`Game over: ${champ} is the champion`);
  await look(phones[watcher]!.page, "13-champion-phone");
  await (champ === "Hana" ? hana.page.getByText("You are the champion!").first() : hana.page.getByText(`Champion: ${champ}`)).waitFor({ timeout: 20_000 });
  await look(hana.page, "14-champion-desktop");

  expect(violations).toEqual([]);
  for (const d of devices) expect(d.errors).toEqual([]);
  for (const d of devices) await d.context.close();
}, 240_000);
