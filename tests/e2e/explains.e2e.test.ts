// The game explains itself in Chromium, as players see it on a phone, a laptop and a TV
// (1920x1080 and 1280x720): which team has locked in, why each team got its points (an overrule
// included), an answer typed but not sent, the summary's answers and verdicts, the TV's running
// score, its blocked-sound prompt and a 20-round summary that fits the screen, and Hebrew and Arabic
// names, answers, categories and chat that never reorder the text around them.
import { expect, test } from "bun:test";
import { join } from "node:path";
import type { Page } from "playwright-core";
import type { Question } from "../../src/game/types";
import { axeViolations } from "../support/a11y";
import { useE2eSuite } from "../support/e2e";
import { createLobby, exactJudge, joinLobby, ok, startGame, submit, teamSelect, waitForPhase } from "../support/rest";
import { DESKTOP, live, PHONE, type Device } from "../support/phones";

const HEBREW_NAME = "דנה";
const ARABIC_NAME = "ليلى";
const HEBREW_ANSWER = "מונטריאול";
const HEBREW_CHAT = "שלום לכולם!";

const QUESTIONS: Question[] = [
  { category: "ערים", question: "Which city hosted the world's fair Expo 67?", answer: HEBREW_ANSWER, aliases: [] },
  { category: "Space", question: "Which planet is known as the Red Planet?", answer: "Mars", aliases: [] },
  { category: "Science", question: "What gas do plants take in from the air to make their food?", answer: "Carbon dioxide", aliases: [] },
  // The rest make a long game whose summary must still fit a TV; some questions are long on purpose.
  ...Array.from({ length: 17 }, (_, i) => ({
    category: "General",
    question: `Question ${i + 4}: which famous landmark, built in the nineteenth century for a world's fair, was meant to stand for only twenty years?`,
    // 24 characters, the longest answer the TV's summary must show whole (docs/pages.md "The party screen").
    answer: `Wide answer number ${String(i + 4).padStart(2, "0")} ok`,
    aliases: [],
  })),
];

const TV_1080 = { width: 1920, height: 1080 };
const TV_720 = { width: 1280, height: 720 };

const suite = useE2eSuite({ questions: QUESTIONS, judge: exactJudge });
const { app, shots } = suite;

const shot = (page: Page, name: string, fullPage = false) => page.screenshot({ path: join(shots, `i20-${name}.png`), animations: "disabled", fullPage });

/**
 * Text in Hebrew or Arabic script that nothing isolates for bidirectional text: each hit is a text
 * node with no <bdi> or dir="auto"/"rtl" element around it. Inputs hold their own text.
 */
function unisolated(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const rtl = /[\u0590-\u08FF]/;
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    const hits: string[] = [];
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const el = node.parentElement;
      if (!el || !rtl.test(node.textContent ?? "") || el.closest("script, bdi, [dir=auto], [dir=rtl]")) continue;
      hits.push(`${el.tagName.toLowerCase()}.${el.className}: ${node.textContent}`);
    }
    return hits;
  });
}

/** A Web Audio that the browser holds back until a gesture, as Chromium does on a TV nobody touched. */
const BLOCKED_AUDIO = `
  class BlockedAudioContext {
    constructor() { this.state = "suspended"; this.currentTime = 0; this.destination = {}; }
    resume() { if (navigator.userActivation.hasBeenActive) this.state = "running"; return Promise.resolve(); }
    createOscillator() { return { type: "", frequency: { value: 0 }, connect: (node) => node, start() {}, stop() {} }; }
    createGain() { return { gain: { setValueAtTime() {}, exponentialRampToValueAtTime() {} }, connect: (node) => node }; }
  }
  window.AudioContext = BlockedAudioContext;
`;

/** A TV-sized page in both sizes: a screenshot of each, and axe on each. */
async function tvShots(tv: Page, name: string, violations: string[]): Promise<void> {
  for (const [size, viewport] of [["1080p", TV_1080], ["720p", TV_720]] as const) {
    await tv.setViewportSize(viewport);
    await shot(tv, `tv-${name}-${size}`);
    violations.push(...(await axeViolations(tv)));
    // Everything on screen at once: nobody scrolls a TV.
    const fit = await tv.evaluate(() => ({ scroll: document.documentElement.scrollHeight, height: innerHeight }));
    expect(fit.scroll).toBeLessThanOrEqual(fit.height);
  }
  await tv.setViewportSize(TV_1080);
}

const statusNews = (page: Page) => page.locator(".panel [role=status].sr-only").textContent();

test("phones, a laptop and a TV say who locked, why the points went where, and keep right-to-left text in place", async () => {
  const { code, ...hana } = await createLobby(app, "Hana");
  const dana = await joinLobby(app, code, HEBREW_NAME);
  const layla = await joinLobby(app, code, ARABIC_NAME);
  await joinLobby(app, code, "Rue");
  await ok(app, "/api/lobby/updateSettings", hana.token, { settings: { rounds: 3, roundLimit: 15, tags: ["ערים", "Space"] } });
  const violations: string[] = [];
  const gaps: string[] = [];

  // The lobby, before the game: a phone and the TV, whose sound the browser has blocked.
  const danaPhone = await suite.device(code, dana, `/lobby/${code}`, PHONE);
  const tv: Device = await suite.device(code, null, `/tv/${code}`, { viewport: TV_1080 });
  await tv.context.addInitScript({ content: BLOCKED_AUDIO });
  await tv.page.reload();
  for (const page of [danaPhone.page, tv.page]) await live(page);
  await danaPhone.page.getByText(ARABIC_NAME, { exact: true }).first().waitFor();
  await shot(danaPhone.page, "lobby-rtl-phone", true);
  await tv.page.getByRole("button", { name: "Tap to turn sound on" }).waitFor();
  await tvShots(tv.page, "lobby", violations);
  // The way in is big: a QR code at least 40% of the screen's height, at either size.
  for (const viewport of [TV_1080, TV_720]) {
    await tv.page.setViewportSize(viewport);
    expect((await tv.page.locator(".tv-qr").boundingBox())!.height).toBeGreaterThanOrEqual(0.4 * viewport.height);
  }
  gaps.push(...(await unisolated(danaPhone.page)), ...(await unisolated(tv.page)));
  // Any touch on the TV turns sound on, and the prompt goes.
  await tv.page.mouse.click(5, 300);
  await tv.page.getByRole("button", { name: "Tap to turn sound on" }).waitFor({ state: "detached" });
  await tv.page.getByRole("button", { name: "Sound on" }).waitFor();

  await startGame(app, hana, 3, 15);
  await danaPhone.page.waitForURL(new RegExp(`/game/${code}$`));
  const hanaDesk = await suite.device(code, hana, `/game/${code}`, DESKTOP);
  const laylaPhone = await suite.device(code, layla, `/game/${code}`, PHONE);
  for (const d of [hanaDesk, laylaPhone, danaPhone]) await live(d.page);

  // A Hebrew chat line keeps its colon between name and message, and its "!" at the message's end (its left).
  await danaPhone.page.getByPlaceholder("Type a room message...").fill(HEBREW_CHAT);
  await danaPhone.page.getByPlaceholder("Type a room message...").press("Enter");
  const line = hanaDesk.page.locator(".msg").filter({ hasText: HEBREW_CHAT });
  await line.waitFor();
  const geometry = await line.evaluate((el) => {
    const [name, message] = [...el.querySelectorAll("bdi")];
    const colon = [...el.childNodes].find((n) => n.nodeType === Node.TEXT_NODE && n.textContent!.includes(":"))!;
    const range = document.createRange();
    range.setStart(colon, colon.textContent!.indexOf(":"));
    range.setEnd(colon, colon.textContent!.indexOf(":") + 1);
    const colonBox = range.getBoundingClientRect();
    const text = message!.firstChild!;
    range.setStart(text, text.textContent!.length - 1);
    range.setEnd(text, text.textContent!.length);
    const bang = range.getBoundingClientRect();
    const [n, m] = [name!.getBoundingClientRect(), message!.getBoundingClientRect()];
    return { nameEnd: n.right, colonStart: colonBox.left, colonEnd: colonBox.right, messageStart: m.left, bangStart: bang.left };
  });
  expect(geometry.colonStart).toBeGreaterThanOrEqual(geometry.nameEnd - 0.5);
  expect(geometry.messageStart).toBeGreaterThanOrEqual(geometry.colonEnd - 0.5);
  expect(Math.abs(geometry.bangStart - geometry.messageStart)).toBeLessThan(1);

  // Round 1 (a Hebrew category and answer): Hana answers wrong, Dana right; Hana overrules her own
  // team's answer to right, making it a tie, and every line that named a winner follows.
  await hanaDesk.page.getByRole("button", { name: "Start Round" }).click();
  await tv.page.getByText(QUESTIONS[0]!.question).waitFor();
  await danaPhone.page.getByPlaceholder("Type your team answer").fill(HEBREW_ANSWER);
  await danaPhone.page.getByRole("button", { name: "Submit" }).click();
  // Blue's screens say Red has locked, politely, and never what.
  for (const page of [hanaDesk.page, laylaPhone.page]) {
    await page.getByText("Red has locked in").waitFor();
    expect(await page.getByText("Red has locked in").evaluate((el) => el.closest("[aria-live]")?.getAttribute("aria-live"))).toBe("polite");
    expect(await page.content()).not.toContain(HEBREW_ANSWER);
  }
  expect(await hanaDesk.page.getByText("Blue has locked in").count()).toBe(0);
  await shot(hanaDesk.page, "game-red-locked-desktop");
  await shot(laylaPhone.page, "game-red-locked-phone");
  await tvShots(tv.page, "question", violations);
  await expect(tv.page.getByRole("group", { name: "Scores" }).textContent()).resolves.toBe("Blue 0Red 0");
  violations.push(...(await axeViolations(hanaDesk.page)), ...(await axeViolations(laylaPhone.page)));
  gaps.push(...(await unisolated(laylaPhone.page)), ...(await unisolated(hanaDesk.page)), ...(await unisolated(tv.page)));

  await hanaDesk.page.getByPlaceholder("Type your team answer").fill("Toronto");
  await hanaDesk.page.getByRole("button", { name: "Submit" }).click();
  await hanaDesk.page.getByText("Round 1 Results").waitFor();
  for (const page of [hanaDesk.page, laylaPhone.page, tv.page]) {
    await page.getByText("Blue was wrong: no points").waitFor();
    await page.getByText("Red was right: +1 to Red").waitFor();
  }
  expect(await statusNews(hanaDesk.page)).toBe("Round 1 over: the round goes to Red");
  await hanaDesk.page.getByRole("button", { name: "Mark correct" }).first().click();
  for (const page of [hanaDesk.page, laylaPhone.page, danaPhone.page, tv.page]) {
    await page.getByText("The host ruled Blue right: +1 to Blue").waitFor();
    await page.getByText("It's a tie!").waitFor();
  }
  expect(await statusNews(hanaDesk.page)).toBe("Round 1 over: a tied round");
  await expect(tv.page.getByRole("group", { name: "Scores" }).textContent()).resolves.toBe("Blue 1Red 1");
  await shot(hanaDesk.page, "results-overruled-desktop");
  await shot(laylaPhone.page, "results-overruled-phone");
  await tvShots(tv.page, "results", violations);
  gaps.push(...(await unisolated(laylaPhone.page)), ...(await unisolated(hanaDesk.page)), ...(await unisolated(tv.page)));

  // Round 2: Red steals; Layla types Blue's answer and is told, in the last 10 s, it is not locked in.
  await hanaDesk.page.getByRole("button", { name: "Next Round" }).click();
  await danaPhone.page.getByRole("button", { name: "Steal" }).click();
  await laylaPhone.page.getByText("Red has locked in").waitFor();
  await laylaPhone.page.getByPlaceholder("Type your team answer").fill("Mars");
  expect(await laylaPhone.page.getByText("Not locked in yet").count()).toBe(0);
  await laylaPhone.page.getByText("Not locked in yet: press Submit").waitFor({ timeout: 12_000 });
  await shot(laylaPhone.page, "game-not-locked-in-phone");
  violations.push(...(await axeViolations(laylaPhone.page)));
  await laylaPhone.page.getByRole("button", { name: "Submit" }).click();
  await laylaPhone.page.getByText("Red stole: Blue was right, +2 to Red").first().waitFor();
  await shot(laylaPhone.page, "results-steal-phone");

  // Round 3: both steal. Then the summary (without waiting out the last results' 15 s).
  await hanaDesk.page.getByRole("button", { name: "Next Round" }).click();
  await danaPhone.page.getByRole("button", { name: "Steal" }).click();
  await hanaDesk.page.getByRole("button", { name: "Steal" }).click();
  for (const page of [hanaDesk.page, laylaPhone.page]) {
    await page.getByText("Both teams stole: no points").first().waitFor();
    await page.getByRole("button", { name: "See the summary" }).click();
    await page.getByText("Game Complete!", { exact: true }).waitFor();
  }
  const summary = hanaDesk.page.getByRole("list", { name: "Round Summary" });
  for (const text of [`Answer: ${HEBREW_ANSWER}`, "Answer: Mars", "Answer: Carbon dioxide"]) await summary.getByText(text).waitFor();
  const round1 = summary.getByRole("listitem").first();
  // Each line names who locked it, the overrule kept with its locker.
  await expect(round1.locator(".line.b").textContent()).resolves.toBe("Blue: Toronto ✓ right +1 by Hana (overruled by host)");
  await expect(round1.locator(".line.r").textContent()).resolves.toBe(`Red: ${HEBREW_ANSWER} ✓ right +1 by ${HEBREW_NAME}`);
  // "+1" stays after the Hebrew answer, never before it.
  const order = await round1.locator(".line.r").evaluate((el) => [".answer", ".ok", ".gain"].map((s) => el.querySelector(s)!.getBoundingClientRect().left));
  expect(order).toEqual([...order].sort((a, b) => a - b));
  await hanaDesk.page.locator(".summary").evaluate((el) => (el.scrollTop = 0));
  await shot(hanaDesk.page, "summary-desktop");
  await laylaPhone.page.getByRole("list", { name: "Round Summary" }).scrollIntoViewIfNeeded();
  await shot(laylaPhone.page, "summary-phone");
  // A laptop as the TV can skip the last results' 15 s too.
  await tv.page.getByRole("button", { name: "See the summary" }).click();
  // The heading comes first; the rest with the summary's chunk (islands/game/Summary.tsx).
  await tv.page.getByRole("table", { name: "Round Summary" }).waitFor();
  await tv.page.getByRole("img", { name: /^Scores round by round/ }).waitFor();
  await tvShots(tv.page, "summary", violations);
  violations.push(...(await axeViolations(hanaDesk.page)), ...(await axeViolations(laylaPhone.page)));
  gaps.push(...(await unisolated(laylaPhone.page)), ...(await unisolated(hanaDesk.page)), ...(await unisolated(tv.page)));
  expect(await tv.page.getByRole("link", { name: /Download results/ }).count()).toBe(0);

  expect(gaps).toEqual([]);
  expect(violations).toEqual([]);
  for (const d of [hanaDesk, laylaPhone, danaPhone, tv]) expect(d.errors).toEqual([]);
  for (const d of [hanaDesk, laylaPhone, danaPhone, tv]) await d.context.close();
}, 120_000);

/** A 24-character wrong answer. */
const WILD_GUESS = "A wild guess, quite long";

/**
 * Every answer cell of the TV's round table and every crown, as drawn: what is cut (its text wider
 * than its box) or not wholly on screen. Empty when every answer shows whole.
 */
function clippedAnswers(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const hits: string[] = [];
    const inView = (r: DOMRect) => r.left >= 0 && r.top >= 0 && r.right <= innerWidth && r.bottom <= innerHeight;
    for (const cell of document.querySelectorAll<HTMLElement>(".round-table td.a, .round-table td.b, .round-table td.r")) {
      if (cell.scrollWidth > cell.clientWidth || !inView(cell.getBoundingClientRect())) hits.push(`cell: ${cell.textContent}`);
    }
    for (const crown of document.querySelectorAll<HTMLElement>(".round-table .trophy")) {
      const cell = crown.closest("td")!.getBoundingClientRect();
      const r = crown.getBoundingClientRect();
      if (r.right > cell.right || r.left < cell.left || !inView(r)) hits.push(`crown: ${crown.closest("tr")!.textContent}`);
    }
    return hits;
  });
}

test("a 20-round game's summary fits a 1080p and a 720p TV without scrolling, every 24-character answer whole", async () => {
  const { code, ...hana } = await createLobby(app, "Hana");
  const ravi = await joinLobby(app, code, "Ravi");
  await startGame(app, hana, 20, 60);
  for (let n = 1; n <= 20; n++) {
    await ok(app, "/api/lobby/startRound", hana.token, {});
    await submit(app, hana, n, n % 3 === 0 ? "wrong" : QUESTIONS[n - 1]!.answer);
    await submit(app, ravi, n, WILD_GUESS, n % 2 === 0);
    // Judging is quick but not synchronous: the next round may start once the results are in; the last one completes the game.
    await waitForPhase(app, code, n < 20 ? "results" : "complete");
  }

  const tv = await suite.device(code, null, `/tv/${code}`, { viewport: TV_1080 });
  await tv.page.getByText("Game Complete!", { exact: true }).waitFor();
  const violations: string[] = [];
  for (const [size, viewport] of [["1080p", TV_1080], ["720p", TV_720]] as const) {
    await tv.page.setViewportSize(viewport);
    await tv.page.getByRole("cell", { name: QUESTIONS[19]!.question }).waitFor();
    await shot(tv.page, `tv-summary-20-rounds-${size}`);
    const fit = await tv.page.evaluate(() => ({ scroll: document.documentElement.scrollHeight, height: innerHeight }));
    expect(fit.scroll).toBeLessThanOrEqual(fit.height);
    // Every round is in view, not hidden in a scrolled box, and every answer in it whole.
    const table = tv.page.getByRole("table", { name: "Round Summary" });
    const last = await table.getByRole("row").last().boundingBox();
    expect(last!.y + last!.height).toBeLessThanOrEqual(viewport.height);
    expect(await table.getByRole("row").count()).toBe(21);
    expect(await table.getByRole("cell", { name: QUESTIONS[19]!.answer, exact: true }).count()).toBe(1);
    expect(await clippedAnswers(tv.page)).toEqual([]);
    // The chart and the awards share the screen.
    await tv.page.getByRole("img", { name: /^Scores round by round/ }).waitFor();
    await tv.page.getByRole("region", { name: "Awards" }).waitFor();
    violations.push(...(await axeViolations(tv.page)));
  }
  expect(await tv.page.getByRole("link", { name: /Download results/ }).count()).toBe(0);
  expect(violations).toEqual([]);
  expect(tv.errors).toEqual([]);
  await tv.context.close();
}, 90_000);

test("How to Play says the rules as played, with the scoring table, on a phone and a desktop", async () => {
  for (const [name, options] of [["phone", PHONE], ["desktop", DESKTOP]] as const) {
    const context = await suite.browser.newContext(options);
    const page = await context.newPage();
    await page.goto(app.url);
    const how = page.getByRole("region", { name: "How to Play" });
    await how.getByText("Anyone on your team may lock in its one answer, or steal").waitFor();
    expect(await how.textContent()).not.toContain("captain");
    const rows = await how.getByRole("row").evaluateAll((trs) => trs.map((tr) => [...tr.children].map((c) => c.textContent)));
    expect(rows).toEqual([
      ["Your team", "The other team", "You get", "They get"],
      ["answers", "answers", "+1 if right", "+1 if right"],
      ["steals", "answered right", "+2", "0"],
      ["steals", "answered wrong, or not at all", "0", "+2"],
      ["steals", "steals", "0", "0"],
      ["no answer", "answers", "0", "+1 if right"],
    ]);
    await how.scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(shots, `i20-how-to-play-${name}.png`), fullPage: true });
    expect(await axeViolations(page)).toEqual([]);
    await context.close();
  }
});

test("the TV's lobby fits two full teams of 8 at 1080p and 720p; the host's lobby isolates right-to-left tags and questions", async () => {
  const { code, ...host } = await createLobby(app, "Hana");
  const names = ["Marisol Reyes", ARABIC_NAME, HEBREW_NAME, "Priya", "Bo", "Rue", "Ravi", "Ana", "Kwame Mensah", "Yuki", "Lars", "Chidi", "Olga", "Tom", "Zed"];
  for (const name of names) await joinLobby(app, code, name);
  const tv = await suite.device(code, null, `/tv/${code}`, { viewport: TV_1080 });
  await tv.page.getByText("Blue Team (8)").waitFor();
  await tv.page.getByText("Red Team (8)").waitFor();
  const violations: string[] = [];
  await tvShots(tv.page, "lobby-full", violations);
  expect(await unisolated(tv.page)).toEqual([]);

  // The host's lobby, with Hebrew and Arabic tags and own questions: every one isolated too.
  await ok(app, "/api/lobby/updateSettings", host.token, { settings: { tags: ["ערים", "General"] } });
  await ok(app, "/api/lobby/questions", host.token, { questions: [{ category: "ערים", question: "באיזו עיר נערכה אקספו 67?", answer: HEBREW_ANSWER, aliases: ["مونتريال", "Montreal"] }] });
  const desk = await suite.device(code, host, `/lobby/${code}`, DESKTOP);
  await live(desk.page);
  await desk.page.getByRole("button", { name: "Write or import questions" }).click();
  await desk.page.getByText("באיזו עיר נערכה אקספו 67?").waitFor();
  await shot(desk.page, "lobby-rtl-host-desktop", true);
  expect(await unisolated(desk.page)).toEqual([]);
  violations.push(...(await axeViolations(desk.page)));
  expect(violations).toEqual([]);
  for (const d of [tv, desk]) expect(d.errors).toEqual([]);
  for (const d of [tv, desk]) await d.context.close();
});
