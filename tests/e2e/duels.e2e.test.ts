// A Duel in Chromium (docs/rules.md "Duels"): the host picks the Duels tile, five players (a desktop,
// three phones and one over REST) and the TV play three rounds; every phone says "You vs NAME" and
// whether the opponent locked, the bye has no Steal, results carry the reason line and the standings,
// and the summary and TV end with the podium. Every new screen is photographed and checked with axe;
// a phone whose focus rests on nothing follows each phase to its heading and hears it in a Duel's words.
import { expect, test } from "bun:test";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { axeViolations, phaseNews } from "../support/a11y";
import { useE2eSuite } from "../support/e2e";
import { exactJudge, joinLobby, quizQuestion, quizQuestions, submit, type Seat } from "../support/rest";
import { DESKTOP, live, PHONE, type Device } from "../support/phones";

const suite = useE2eSuite({ questions: quizQuestions, judge: exactJudge, shotsFolder: "duels" });
const { app, shots } = suite;
const TV = { viewport: { width: 1920, height: 1080 } };

const right = (round: number) => quizQuestion(round).answer;
const shot = (page: Page, name: string) => page.screenshot({ path: join(shots, `${name}.png`), animations: "disabled", fullPage: true });
const violations: string[] = [];
async function look(page: Page, name: string) {
  await shot(page, name);
  violations.push(...(await axeViolations(page)).map((v) => `${name}: ${v}`));
}

/** `last`: the round's last lock, after which the results may come before "Answer locked" shows. */
async function answer(page: Page, text: string, last = false) {
  await page.getByPlaceholder("Type your answer").fill(text);
  await page.getByRole("button", { name: "Submit", exact: true }).click();
  await page.getByText(last ? "Results" : "Answer locked").first().waitFor();
}
async function steal(page: Page) {
  await page.getByRole("button", { name: "Steal", exact: true }).click();
  await page.getByText("You chose to steal").waitFor();
}
const versus = (page: Page, name: string) => page.getByText(`You vs ${name}`).first().waitFor();

test("five players duel for three rounds: You vs, the bye, standings after each round, the podium", async () => {
  // The host picks Duels on the home page.
  const hana = await suite.device("", null, "/", DESKTOP);
  await hana.page.getByRole("button", { name: /Duels/ }).click();
  expect(await hana.page.getByRole("button", { name: /Duels/ }).getAttribute("aria-pressed")).toBe("true");
  await hana.page.getByRole("region", { name: "Start a new room" }).getByPlaceholder("Enter your name").fill("Hana");
  await look(hana.page, "01-home-duels-desktop");
  // The same choice on a phone, photographed.
  const phoneHome = await suite.device("", null, "/", PHONE);
  await phoneHome.page.getByRole("button", { name: /Duels/ }).click();
  expect(await phoneHome.page.getByRole("button", { name: /Duels/ }).getAttribute("aria-pressed")).toBe("true");
  await look(phoneHome.page, "01-home-duels-phone");
  await phoneHome.context.close();
  await hana.page.getByRole("button", { name: "Host", exact: true }).click();
  await hana.page.waitForURL(/\/lobby\/[A-Z0-9]{4}$/);
  const code = hana.page.url().slice(-4);

  const seats: Record<string, Seat> = {};
  for (const name of ["Ravi", "Bo", "Rue", "Zed"]) seats[name] = await joinLobby(app, code, name);
  const phone = (name: string) => suite.device(code, seats[name]!, `/lobby/${code}`, PHONE);
  const [ravi, rue, zed] = (await Promise.all(["Ravi", "Rue", "Zed"].map(phone))) as [Device, Device, Device];
  const tv = await suite.device(code, null, `/tv/${code}`, TV);
  for (const d of [hana, ravi, rue, zed, tv]) await live(d.page);

  // The lobby: players, no teams or captains.
  await ravi.page.getByRole("heading", { name: "Players (5/16)" }).waitFor();
  expect(await ravi.page.getByText("Blue Team").count()).toBe(0);
  expect(await ravi.page.getByText("CAPTAIN").count()).toBe(0);
  await tv.page.getByText("Waiting for the host to start the Duel...").waitFor();
  await look(ravi.page, "02-lobby-phone");
  await look(hana.page, "03-lobby-desktop");
  await look(tv.page, "04-lobby-tv");

  await hana.page.getByRole("spinbutton", { name: /Rounds/ }).fill("3");
  await hana.page.getByRole("button", { name: "Start Game" }).click();
  for (const d of [hana, ravi, rue, zed]) await d.page.waitForURL(new RegExp(`/game/${code}$`));
  for (const d of [hana, ravi, rue, zed]) await live(d.page);
  await hana.page.getByRole("button", { name: "Start Round" }).click();

  // Round 1 (the circle of docs/rules.md "Duels"): Hana vs Rue, Ravi vs Bo, Zed on the bye.
  await versus(hana.page, "Rue");
  await versus(ravi.page, "Bo");
  expect(await phaseNews(ravi.page, quizQuestion(1).question)).toBe("Round 1 started: you face Bo");
  await zed.page.getByText("Bye this round").waitFor();
  expect(await zed.page.getByRole("button", { name: "Steal", exact: true }).count()).toBe(0);
  await tv.page.getByRole("list", { name: "Duels" }).waitFor();
  await look(ravi.page, "05-question-phone");
  await look(hana.page, "05-question-desktop");
  await look(zed.page, "06-bye-phone");
  await answer(hana.page, right(1));
  // Rue hears that Hana locked, never what.
  await rue.page.getByText("✔ Hana has locked in").waitFor();
  expect(await rue.page.content()).not.toContain(right(1));
  expect(await tv.page.content()).not.toContain(right(1));
  await look(tv.page, "07-question-tv");
  await steal(rue.page);
  await answer(ravi.page, right(1));
  await look(ravi.page, "08-answered-phone");
  await submit(app, seats.Bo!, 1, "a guess");
  await answer(zed.page, right(1), true);

  await rue.page.getByText("Round 1 Results").waitFor();
  expect(await phaseNews(rue.page, "Round 1 Results")).toBe("Round 1 over: you beat Hana, 2 to 0. Your place: 1 of 5.");
  await rue.page.getByText("Rue stole: Hana was right, +2 to Rue").first().waitFor();
  await ravi.page.getByText("Ravi was right: +1 to Ravi").first().waitFor();
  await tv.page.getByText("Round 1 Results").waitFor();
  await look(rue.page, "09-results-phone");
  await look(hana.page, "10-results-desktop-host");
  await look(tv.page, "11-results-tv");
  const standings = async (page: Page) => (await page.getByRole("table").last().locator("tbody tr th").allTextContents()).map((t) => t.replace("YOU", ""));
  expect(await standings(tv.page)).toEqual(["Rue", "Ravi", "Zed", "Bo", "Hana"]);

  // Round 2: Zed vs Bo, Hana vs Ravi, Rue on the bye.
  await hana.page.getByRole("button", { name: "Next Round" }).click();
  await versus(zed.page, "Bo");
  // Said with this round's pairs, which arrive after the phase does: not last round's bye.
  expect(await phaseNews(zed.page, quizQuestion(2).question)).toBe("Round 2 started: you face Bo");
  await versus(hana.page, "Ravi");
  await rue.page.getByText("Bye this round").waitFor();
  // The host's bar works in a Duel as in Teams: a pause reaches every phone and the TV, then resumes.
  await hana.page.getByRole("button", { name: "Pause", exact: true }).click();
  for (const d of [zed, tv]) await d.page.getByText("Paused by the host").waitFor();
  await hana.page.getByRole("button", { name: "Resume", exact: true }).click();
  await zed.page.getByText("Paused by the host").waitFor({ state: "detached" });
  await answer(zed.page, right(2));
  await submit(app, seats.Bo!, 2, "", true);
  await answer(hana.page, right(2));
  await answer(ravi.page, right(2));
  await answer(rue.page, right(2), true);
  await tv.page.getByText("Round 2 Results").waitFor();

  // Round 3: Rue vs Ravi, Zed vs Hana, Bo on the bye.
  await hana.page.getByRole("button", { name: "Next Round" }).click();
  await versus(rue.page, "Ravi");
  await versus(zed.page, "Hana");
  await answer(rue.page, "wrong");
  await steal(ravi.page);
  await answer(zed.page, right(3));
  await submit(app, seats.Bo!, 3, right(3));
  await answer(hana.page, "wrong too", true);
  await tv.page.getByText("Round 3 Results").waitFor();

  // The summary: podium and full standings. Rue 5, Bo 3 (a steal), Ravi 2 and Zed 2 (by name), Hana 1.
  for (const d of [hana, ravi, tv]) await d.page.getByRole("button", { name: "See the summary" }).click();
  for (const d of [hana, ravi, tv]) await d.page.getByRole("list", { name: "Podium" }).waitFor();
  expect(await phaseNews(ravi.page, "Game Complete!")).toBe("Game over: Rue wins. Your place: 3 of 5.");
  expect(await tv.page.getByRole("list", { name: "Podium" }).locator("li .name").allTextContents()).toEqual(["Rue", "Bo", "Ravi"]);
  expect(await standings(tv.page)).toEqual(["Rue", "Bo", "Ravi", "Zed", "Hana"]);
  expect(await ravi.page.getByRole("table", { name: "Final standings" }).locator("tbody tr").first().textContent()).toContain("Rue");
  await look(ravi.page, "12-summary-phone");
  await look(hana.page, "13-summary-desktop");
  await look(tv.page, "14-summary-tv");

  expect(violations).toEqual([]);
  for (const d of [hana, ravi, rue, zed, tv]) expect(d.errors).toEqual([]);
  for (const d of [hana, ravi, rue, zed, tv]) await d.context.close();
}, 180_000);
