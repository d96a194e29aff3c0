// The host runs the room, in Chromium (docs/pages.md "The host runs the room"): the host's controls on
// the first screen of a phone in every phase; the host pauses from a phone and three phones and the TV
// say "Paused by the host" with a clock that stands still for 3 s, then goes on; the host skips a
// question and every phone shows the new one; the host's phone closes and the others count down to
// the new host. Axe on each of these screens; screenshots of each for a person to look at.
import { expect, test } from "bun:test";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { unasked } from "../../src/game/same-question";
import type { QuestionSource } from "../../src/lobbies/seams";
import { axeViolations } from "../support/a11y";
import { useE2eSuite } from "../support/e2e";
import { exactJudge, quizQuestion, seatFour, startGame, submit } from "../support/rest";
import { DESKTOP, live, PHONE } from "../support/phones";

/** Numbered questions without end, none the lobby has asked: a skip always finds another. */
const endless: QuestionSource = { pick: async ({ count, exclude }) => unasked(Array.from({ length: count + exclude.length }, (_, i) => quizQuestion(i + 1)), exclude).slice(0, count) };
const suite = useE2eSuite({ questions: endless, judge: exactJudge, shotsFolder: "host-room" });
const { app, shots } = suite;

const timerText = (page: Page) => page.getByRole("timer").first().innerText();
const shot = (page: Page, name: string) => page.screenshot({ path: join(shots, name), animations: "disabled" });

/** The host's bar and every button in it lie within the phone's first screen (no scrolling). */
async function barOnFirstScreen(page: Page, labels: string[]): Promise<void> {
  const bar = page.getByRole("region", { name: "Host controls" });
  await bar.waitFor();
  for (const label of labels) {
    const box = await bar.getByRole("button", { name: label, exact: true }).boundingBox();
    expect(box).not.toBeNull();
    expect(box!.y).toBeGreaterThanOrEqual(0);
    expect(box!.y + box!.height).toBeLessThanOrEqual(PHONE.viewport.height);
  }
}

test("pause, skip and a vanished host, on three phones, the host's phone and the TV", async () => {
  const four = await seatFour(app); // Hana host (blue), Ravi (red), Bo (blue), Rue (red), joined in that order
  await startGame(app, four.blue1, 3, 60);
  const path = `/game/${four.code}`;
  const hana = await suite.device(four.code, four.blue1, path, PHONE);
  const phones = [await suite.device(four.code, four.red1, path, PHONE), await suite.device(four.code, four.blue2, path, PHONE), await suite.device(four.code, four.red2, path, PHONE)];
  const tv = await suite.device(four.code, null, `/tv/${four.code}`, DESKTOP);
  const [ravi, bo, rue] = phones as [(typeof phones)[0], (typeof phones)[0], (typeof phones)[0]];
  const watchers = [...phones, tv];
  for (const d of [hana, ...watchers]) await live(d.page);
  const violations: string[] = [];

  // Before the first round: Start Round, Pause and End Game together on the host's first screen.
  await barOnFirstScreen(hana.page, ["Start Round", "Pause", "End Game"]);
  await shot(hana.page, "01-host-idle-phone.png");
  violations.push(...(await axeViolations(hana.page)));

  await hana.page.getByRole("button", { name: "Start Round" }).click();
  for (const d of [hana, ...watchers]) await d.page.getByText(quizQuestion(1).question).waitFor();
  await barOnFirstScreen(hana.page, ["Pause", "Skip", "+30 s", "End Game"]);
  await shot(hana.page, "02-host-question-phone.png");

  // --- pause: every screen says so and the clock stands still for 3 s -------------------------------
  await hana.page.getByRole("button", { name: "Pause", exact: true }).click();
  for (const d of [hana, ...watchers]) await d.page.getByText("Paused by the host").waitFor();
  const frozen = await Promise.all(watchers.map((d) => timerText(d.page)));
  for (const text of frozen) expect(text).toMatch(/Time left: \d+s/);
  await Bun.sleep(3_000);
  expect(await Promise.all(watchers.map((d) => timerText(d.page)))).toEqual(frozen);
  expect(await ravi.page.getByRole("button", { name: "Submit" }).isDisabled()).toBe(true);
  expect(await ravi.page.getByRole("button", { name: "Steal" }).isDisabled()).toBe(true);
  await shot(hana.page, "03-host-paused-phone.png");
  await hana.page.setViewportSize(DESKTOP.viewport);
  await shot(hana.page, "03-host-paused-desktop.png");
  await hana.page.setViewportSize(PHONE.viewport);
  await shot(ravi.page, "04-player-paused-phone.png");
  await shot(tv.page, "05-tv-paused-desktop.png");
  for (const d of [hana, ravi, tv]) violations.push(...(await axeViolations(d.page)));

  // Resume: the clock goes on from where it stood.
  await hana.page.getByRole("button", { name: "Resume" }).click();
  for (const d of watchers) await d.page.getByText("Paused by the host").waitFor({ state: "hidden" });
  // The clock ticks again within a couple of seconds, from about where it stood.
  await ravi.page.waitForFunction((was) => !document.querySelector("[role=timer]")?.textContent?.includes(was), frozen[0]!, { timeout: 3_000 });
  const after = Number((await timerText(ravi.page)).match(/(\d+)s/)![1]);
  const before = Number(frozen[0]!.match(/(\d+)s/)![1]);
  expect(after).toBeLessThanOrEqual(before);
  expect(after).toBeGreaterThanOrEqual(before - 2);

  // --- skip: every phone shows the new question ------------------------------------------------------
  await submit(app, four.red1, 1, "a red guess");
  await hana.page.getByRole("button", { name: "Skip" }).click();
  for (const d of [hana, ...watchers]) await d.page.getByText(quizQuestion(4).question).waitFor();
  // Red's lock on the skipped question is gone: red may answer the new one.
  await ravi.page.getByRole("button", { name: "Steal" }).waitFor();
  expect(await ravi.page.getByRole("button", { name: "Steal" }).isEnabled()).toBe(true);
  await shot(bo.page, "06-player-skipped-phone.png");

  // +30 s: every clock moves on by it.
  const left = Number((await timerText(rue.page)).match(/(\d+)s/)![1]);
  await hana.page.getByRole("button", { name: "+30 s" }).click();
  await rue.page.waitForFunction((min) => Number(document.querySelector("[role=timer]")?.textContent?.match(/(\d+)s/)?.[1]) >= min, left + 25);

  // Results: Next Round with the rest, still on the first screen.
  await submit(app, four.red1, 1, quizQuestion(4).answer);
  await submit(app, four.blue1, 1, "a blue guess");
  await hana.page.getByText("Round 1 Results").waitFor();
  await barOnFirstScreen(hana.page, ["Next Round", "Pause", "End Game"]);
  await shot(hana.page, "07-host-results-phone.png");
  violations.push(...(await axeViolations(hana.page)));

  // --- the host's phone closes: the others count down to the new host ----------------------------------
  await hana.context.close();
  for (const d of [bo, rue, tv]) await d.page.getByText(/Hana is away\. Ravi becomes host in \d+ s unless Hana is back/).waitFor();
  await ravi.page.getByText(/Hana is away\. You become host in \d+ s unless Hana is back/).waitFor();
  const count = async () => Number((await bo.page.getByText(/Hana is away/).innerText()).match(/in (\d+) s/)![1]);
  const first = await count();
  await bo.page.waitForFunction((n) => Number(document.body.innerText.match(/becomes host in (\d+) s/)?.[1]) < n, first, { timeout: 3_000 });
  await shot(bo.page, "08-player-host-away-phone.png");
  await shot(tv.page, "09-tv-host-away-desktop.png");
  for (const d of [bo, tv]) violations.push(...(await axeViolations(d.page)));

  expect(violations).toEqual([]);
  for (const d of watchers) expect(d.errors).toEqual([]);
  for (const d of watchers) await d.context.close();
}, 120_000);

test("in the lobby too: the host's page closes and the others count down; Make host asks once", async () => {
  const four = await seatFour(app);
  const path = `/lobby/${four.code}`;
  const hana = await suite.device(four.code, four.blue1, path, DESKTOP);
  const ravi = await suite.device(four.code, four.red1, path, PHONE);
  const bo = await suite.device(four.code, four.blue2, path, PHONE);
  for (const d of [hana, ravi, bo]) await live(d.page);
  const violations: string[] = [];

  // Make host asks once, as Kick does.
  await hana.page.getByRole("button", { name: "Make host: Bo" }).click();
  const ask = hana.page.getByRole("dialog", { name: "Make Bo the host?" });
  await ask.waitFor();
  await shot(hana.page, "10-host-make-host-desktop.png");
  violations.push(...(await axeViolations(hana.page)));
  await ask.getByRole("button", { name: "Cancel" }).click();
  await ask.waitFor({ state: "hidden" });

  await hana.context.close();
  await bo.page.getByText(/Hana is away\. Ravi becomes host in \d+ s unless Hana is back/).waitFor();
  await ravi.page.getByText(/Hana is away\. You become host in \d+ s unless Hana is back/).waitFor();
  await shot(bo.page, "11-lobby-host-away-phone.png");
  await bo.page.setViewportSize(DESKTOP.viewport);
  await shot(bo.page, "12-lobby-host-away-desktop.png");
  violations.push(...(await axeViolations(bo.page)));
  expect(violations).toEqual([]);
  for (const d of [ravi, bo]) expect(d.errors).toEqual([]);
  for (const d of [ravi, bo]) await d.context.close();
}, 60_000);
