// Every player gets their moment (docs/rules.md "Who locked what" and "Awards", docs/pages.md):
// a 3-round game where two players a team lock in turn, on a fake clock so the times are known.
// The results name who locked each play and how fast, on a phone and on the TV; the summary's
// awards name the right players on a phone and on the TV; the server's chart is there with its
// words; the downloaded CSV says when, in which mode, who played, and who locked every play.
import { expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import Papa from "papaparse";
import type { Page } from "playwright-core";
import type { Question } from "../../src/game/types";
import { axeViolations } from "../support/a11y";
import { useE2eSuite } from "../support/e2e";
import { FakeClock } from "../support/fake-clock";
import { DESKTOP, live, PHONE } from "../support/phones";
import { exactJudge, seatFour, startGame, startRound, submit, waitForPhase, type Seat } from "../support/rest";

const QUESTIONS: Question[] = [
  { category: "Space", question: "Which planet is known as the Red Planet?", answer: "Mars", aliases: [] },
  { category: "Science", question: "What gas do plants take in to make their food?", answer: "Carbon dioxide", aliases: [] },
  { category: "Cities", question: "Which city is the capital of Australia?", answer: "Canberra", aliases: [] },
];

const STARTED = Date.UTC(2026, 10, 28, 20, 0, 0);
const clock = new FakeClock(STARTED);
const suite = useE2eSuite({ questions: QUESTIONS, judge: exactJudge, overrides: { clock } });
const { app, shots } = suite;
const shot = (page: Page, name: string, fullPage = false) => page.screenshot({ path: join(shots, `moments-${name}.png`), animations: "disabled", fullPage });

interface Lock {
  seat: Seat;
  /** ms after the question appeared */
  at: number;
  answer: string;
  steal?: boolean;
}

/** Starts round `n`; the two locks land at their times on the fake clock, in order. */
async function playRound(code: string, host: Seat, n: number, locks: [Lock, Lock]): Promise<void> {
  await startRound(app, host);
  let now = 0;
  for (const lock of [...locks].sort((a, b) => a.at - b.at)) {
    await clock.advance(lock.at - now);
    now = lock.at;
    await submit(app, lock.seat, n, lock.answer, lock.steal);
  }
  await waitForPhase(app, code, n < 3 ? "results" : "complete");
}

const AWARDS = ["Master thief: Ravi, 2 steals that paid off", "Sharpshooter: Hana, 2 right answers", "Fastest finger: Bo, scored with a lock in 1.2 s"];
const CHART_NAME = "Scores round by round: Blue 1, Red 4 after 3 rounds";
const CHART_DESC = "After round 1: Blue 0, Red 2. After round 2: Blue 1, Red 2. After round 3: Blue 1, Red 4.";

async function expectStory(page: Page): Promise<void> {
  const awards = page.getByRole("region", { name: "Awards" });
  await awards.getByRole("listitem").first().waitFor();
  expect(await awards.getByRole("listitem").allTextContents()).toEqual(AWARDS);
  const chart = page.getByRole("img", { name: CHART_NAME });
  await chart.waitFor();
  expect(await chart.evaluate((svg) => document.getElementById(svg.getAttribute("aria-describedby")!)?.textContent)).toBe(CHART_DESC);
}

test("a 3-round game, two a team locking in turn: who locked on the results, awards by name and the chart on a phone and the TV, lockers in the CSV", async () => {
  const { code, blue1: hana, blue2: bo, red1: ravi, red2: rue } = await seatFour(app);
  await startGame(app, hana, 3, 60);
  const phone = await suite.device(code, bo, `/game/${code}`, PHONE);
  const desk = await suite.device(code, hana, `/game/${code}`, DESKTOP);
  const tv = await suite.device(code, null, `/tv/${code}`, { viewport: { width: 1280, height: 720 } });
  for (const d of [phone, desk, tv]) await live(d.page);
  const violations: string[] = [];

  // Round 1: Ravi steals 2.5 s in, Hana answers right at 4.0 s: the steal pays (red +2).
  await playRound(code, hana, 1, [
    { seat: ravi, at: 2500, answer: "", steal: true },
    { seat: hana, at: 4000, answer: "Mars" },
  ]);
  for (const page of [phone.page, tv.page]) {
    await page.getByText("Locked by Hana in 4.0 s").waitFor();
    await page.getByText("Locked by Ravi in 2.5 s").waitFor();
  }
  // One point is "+1 point"; none and two are "points".
  expect(await phone.page.locator(".result .pts").allTextContents()).toEqual(["+0 points", "+2 points"]);
  await shot(phone.page, "results-phone", true);
  await shot(tv.page, "results-tv-720p");
  violations.push(...(await axeViolations(phone.page)));

  // Round 2: Bo answers right 1.2 s in, Rue wrong at 3.0 s (blue +1). Round 3: as round 1, 2.0 s and 5.0 s.
  await playRound(code, hana, 2, [
    { seat: bo, at: 1200, answer: "Carbon dioxide" },
    { seat: rue, at: 3000, answer: "Oxygen" },
  ]);
  await phone.page.getByText("+1 point", { exact: true }).waitFor();
  await playRound(code, hana, 3, [
    { seat: ravi, at: 2000, answer: "", steal: true },
    { seat: hana, at: 5000, answer: "Canberra" },
  ]);

  for (const d of [phone, desk, tv]) {
    await d.page.getByRole("button", { name: "See the summary" }).click();
    await expectStory(d.page);
  }
  const round1 = phone.page.getByRole("list", { name: "Round Summary" }).getByRole("listitem").first();
  const lines = await round1.locator(".line").allTextContents();
  expect(lines.map((l) => l.replace(/\s+/g, " "))).toEqual(["Blue: Mars ✓ right +0 by Hana", "Red: STEAL +2 by Ravi♛"]);
  await shot(phone.page, "summary-phone", true);
  await shot(desk.page, "summary-desktop", true);
  await shot(tv.page, "summary-tv-720p");
  for (const page of [phone.page, desk.page, tv.page]) violations.push(...(await axeViolations(page)));
  await tv.page.setViewportSize({ width: 1920, height: 1080 });
  await shot(tv.page, "summary-tv-1080p");
  violations.push(...(await axeViolations(tv.page)));

  // The file from the phone: when and how it was played, who played, who locked what.
  const download = phone.page.waitForEvent("download");
  await phone.page.getByRole("link", { name: "Download results (CSV)" }).click();
  const text = readFileSync((await (await download).path())!, "utf8");
  const rows = Papa.parse<string[]>(text.replace(/^\uFEFF/, ""), { skipEmptyLines: true }).data;
  expect(rows.slice(0, 7)).toEqual([
    ["lobby", "date", "mode", "winner"],
    [code, new Date(STARTED).toISOString(), "teams", "red"],
    ["player", "team", "left"],
    ["Hana", "blue", ""],
    ["Ravi", "red", ""],
    ["Bo", "blue", ""],
    ["Rue", "red", ""],
  ]);
  const header = rows.findIndex((r) => r[0] === "round");
  expect(rows[header]).toEqual(["round", "category", "question", "correct answer", ...["blue", "red"].flatMap((t) => ["answer", "locked by", "seconds", "verdict", "points"].map((c) => `${t} ${c}`)), "winner"]);
  expect(rows.slice(header + 1, header + 4).map((r) => [r[0], r[4], r[5], r[6], r[9], r[10], r[11]])).toEqual([
    ["1", "Mars", "Hana", "4.0", "STEAL", "Ravi", "2.5"],
    ["2", "Carbon dioxide", "Bo", "1.2", "Oxygen", "Rue", "3.0"],
    ["3", "Canberra", "Hana", "5.0", "STEAL", "Ravi", "2.0"],
  ]);
  expect(rows.slice(-4)).toEqual([["award"], ...AWARDS.map((a) => [a])]);

  expect(violations).toEqual([]);
  for (const d of [phone, desk, tv]) expect(d.errors).toEqual([]);
  for (const d of [phone, desk, tv]) await d.context.close();
}, 120_000);
