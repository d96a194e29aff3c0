// Accessibility in real Chromium: axe-core (WCAG 2.1 A and AA) on every screen and game phase at a
// phone's and a desktop's width, the home page on a 360 px phone, and the keyboard alone: Tab reaches
// every control in order with its focus ring whole, Enter and Space work them, the join dialog keeps
// focus, closes on Escape and gives focus back, and a phase change puts focus on the new phase.
import { expect, test } from "bun:test";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { SUMMARY_DELAY_MS } from "../../islands/client/session";
import type { Question } from "../../src/game/types";
import { audit as auditSizes, focusedStop, tabbableLabels, tabTo, tabWalk } from "../support/a11y";
import { call } from "../support/app";
import { useE2eSuite } from "../support/e2e";

const QUESTIONS: Question[] = [
  { category: "Music", question: "How many strings does a standard violin have?", answer: "Four", aliases: ["4"] },
  { category: "Geography", question: "What is the capital of Canada?", answer: "Ottawa", aliases: [] },
];

const PHONE = { width: 360, height: 780 };
const DESKTOP = { width: 1280, height: 860 };
const phone = { viewport: PHONE, isMobile: true, hasTouch: true };
const desktop = { viewport: DESKTOP };

const { app, open, pageErrors, shots } = useE2eSuite({ questions: QUESTIONS });

/** axe and sideways scrolling at a phone's and a desktop's width, with a screenshot of each; the page keeps its own size after. */
const audit = (page: Page, screen: string) => auditSizes(page, screen, (size) => join(shots, `a11y-${screen}-${size}.png`), { phone: PHONE, desktop: DESKTOP });

const activeId = (page: Page) => page.evaluate(() => document.activeElement?.id ?? null);
/** The focused element's tag and text, e.g. "H2 Answer locked". */
const focused = (page: Page) => page.evaluate(() => `${document.activeElement?.tagName} ${document.activeElement?.textContent?.replace(/\s+/g, " ").trim()}`);

/** A walk from the top of the page: every control in document order, each with a whole, visible ring. */
async function expectKeyboardReachesAll(page: Page) {
  const expected = await tabbableLabels(page);
  const stops = await tabWalk(page);
  expect(stops.map((s) => s.label)).toEqual(expected);
  expect(stops.filter((s) => !s.ring || s.clippedBy)).toEqual([]);
}

async function newLobby(host: Page): Promise<string> {
  await host.goto(app.url + "/");
  await host.locator("#host-name").fill("Hana");
  await host.getByRole("button", { name: "Host" }).click();
  await host.waitForURL(/\/lobby\/[A-Z0-9]{4}$/);
  return host.url().split("/").pop()!;
}

async function joinByLink(page: Page, code: string, name: string) {
  await page.goto(`${app.url}/?join=${code}`);
  await page.getByRole("form", { name: /^Join lobby/ }).getByPlaceholder("Enter your name").fill(name);
  await page.getByRole("form", { name: /^Join lobby/ }).getByRole("button", { name: "Join" }).click();
  await page.waitForURL(new RegExp(`/lobby/${code}$`));
}

test("the home page passes axe on a phone and a desktop and fits a 360 px phone without scrolling sideways", async () => {
  const page = await open(phone);
  await page.goto(app.url + "/");
  const found = await audit(page, "home");
  // Filled in, Host and Join are enabled, so their colours count too.
  await page.locator("#host-name").fill("Hana");
  await page.locator("#join-code").fill("ABCD");
  await page.locator("#join-name").fill("Rio");
  found.push(...(await audit(page, "home-filled")));
  expect(found).toEqual([]);
  const widths: Record<number, number> = {};
  for (const width of [320, 360, 390]) {
    await page.setViewportSize({ width, height: 780 });
    widths[width] = await page.evaluate(() => document.documentElement.scrollWidth);
  }
  expect(widths).toEqual({ 320: 320, 360: 360, 390: 390 });
  await page.context().close();
}, 60_000);

test("the invite page passes axe, locked and unknown too; its name field has focus; the keyboard reaches everything; Enter joins", async () => {
  const code = (await call(app, "POST", "/api/lobby/create", { body: { playerName: "Dee" } })).body.lobby.code as string;
  const page = await open(phone);
  await page.goto(`${app.url}/?join=${code}`);
  const form = page.getByRole("form", { name: `Join lobby ${code}` });
  await form.waitFor();
  expect(await audit(page, "invite")).toEqual([]);
  // The name field has focus as the page opens (autofocus at its first rendering, before any script).
  await page.waitForFunction(() => document.activeElement?.id === "invite-name");
  const stop = await focusedStop(page);
  expect(stop?.label).toBe("Your name");
  expect(stop?.ring && !stop.clippedBy).toBe(true);
  await expectKeyboardReachesAll(page);
  // The folded host card opens by keyboard, and then passes too.
  await tabTo(page, "Or start your own room");
  await page.keyboard.press("Enter");
  await page.locator("#host-name").waitFor({ state: "visible" });
  expect(await audit(page, "invite-host-open")).toEqual([]);

  // Enter in the name field joins.
  await page.goto(`${app.url}/?join=${code}`);
  await page.waitForFunction(() => document.activeElement?.id === "invite-name");
  await page.keyboard.type("Rio");
  await page.keyboard.press("Enter");
  await page.waitForURL(new RegExp(`/lobby/${code}$`));

  // A locked lobby and an unknown code say so, and pass as well.
  const host = (await call(app, "POST", "/api/lobby/create", { body: { playerName: "Lu" } })).body;
  await call(app, "POST", "/api/lobby/lock", { token: host.token, body: { locked: true } });
  await page.goto(`${app.url}/?join=${host.lobby.code}`);
  await page.getByText(`Lobby ${host.lobby.code} is locked`).waitFor();
  const found = await audit(page, "invite-locked");
  await page.goto(`${app.url}/?join=ZZZZ`);
  await page.getByRole("heading", { name: "No lobby ZZZZ" }).waitFor();
  found.push(...(await audit(page, "invite-unknown")));
  expect(found).toEqual([]);
  await page.context().close();
}, 60_000);

test("every lobby and game screen passes axe, for the host and a friend, on a phone and a desktop", async () => {
  const found: string[] = [];
  const host = await open(desktop);
  const code = await newLobby(host);
  const friend = await open(phone);
  await joinByLink(friend, code, "Rio");
  // A player who joined but is away: dimmed names must still read.
  await call(app, "POST", "/api/lobby/join", { body: { playerName: "Gus", code } });
  await host.getByText("Gus", { exact: true }).waitFor();
  await friend.getByText("Gus", { exact: true }).waitFor();
  // Both teams' "Join as Member" buttons and the "Become Captain" of the other team's role are on show.
  found.push(...(await audit(host, "lobby-host")), ...(await audit(friend, "lobby-friend")));

  // The host's own questions, open: one written, and a refused import with its bad row listed.
  await host.getByRole("button", { name: "Write or import questions" }).click();
  await host.getByLabel("Category", { exact: true }).fill("Our Crew");
  await host.getByLabel("Question", { exact: true }).fill("What is the name of Hana's cat?");
  await host.getByLabel("Answer", { exact: true }).fill("Biscuit");
  await host.getByRole("button", { name: "Add question" }).click();
  // In the list: a controlled textarea also holds its text as content, so a bare getByText finds it there.
  await host.locator(".own-list").getByText("What is the name of Hana's cat?").waitFor();
  await host.getByLabel("Import a file").setInputFiles({ name: "bad.csv", mimeType: "text/csv", buffer: Buffer.from("category,question,answer\r\nOur Crew,A question without an answer?,\r\n") });
  await host.getByText("Line 2: Answer is blank").waitFor();
  found.push(...(await audit(host, "lobby-own-questions-host")));
  await host.getByRole("button", { name: "Hide" }).click();

  // Hana and Rio captain their teams by themselves, the first on each.
  await host.getByRole("button", { name: "Start Game" }).and(host.locator(":enabled")).waitFor();
  await host.getByRole("button", { name: "Team", exact: true }).click();
  await host.getByPlaceholder("Type a team message...").fill("we steal round two");
  await host.getByPlaceholder("Type a team message...").press("Enter");
  await friend.getByPlaceholder("Type a room message...").fill("good luck, blue!");
  await friend.getByPlaceholder("Type a room message...").press("Enter");
  await host.getByText("good luck, blue!").waitFor();
  await host.getByLabel("Rounds").fill("2");
  await host.getByRole("button", { name: "Update Settings" }).click();
  await friend.waitForFunction(() => (document.getElementById("set-rounds") as HTMLInputElement | null)?.value === "2");
  found.push(...(await audit(host, "lobby-captains-host")), ...(await audit(friend, "lobby-captains-friend")));

  await host.getByRole("button", { name: "Start Game" }).click();
  await host.waitForURL(new RegExp(`/game/${code}$`));
  await friend.getByText("Waiting for host...").waitFor();
  found.push(...(await audit(host, "game-idle-host")), ...(await audit(friend, "game-idle-friend")));

  await host.getByRole("button", { name: "Start Round" }).click();
  await host.getByText(QUESTIONS[0]!.question).waitFor();
  await friend.getByText(QUESTIONS[0]!.question).waitFor();
  found.push(...(await audit(host, "question-host")), ...(await audit(friend, "question-friend")));

  await host.getByPlaceholder("Type your team answer").fill("four");
  await host.getByRole("button", { name: "Submit" }).click();
  await host.getByText("Answer locked").waitFor();
  found.push(...(await audit(host, "answered-host")));

  await friend.getByRole("button", { name: "Steal" }).click();
  await host.getByText("Round 1 Results").waitFor();
  await friend.getByText("Red team wins!").waitFor();
  found.push(...(await audit(host, "results-host")), ...(await audit(friend, "results-friend")));

  await host.getByRole("button", { name: "Next Round" }).click();
  await friend.getByText(QUESTIONS[1]!.question).waitFor();
  await friend.getByPlaceholder("Type your team answer").fill("Ottawa");
  await friend.getByRole("button", { name: "Submit" }).click();
  await friend.getByText("Answer locked").waitFor();
  found.push(...(await audit(friend, "answered-friend")));
  await host.getByPlaceholder("Type your team answer").fill("Toronto");
  await host.getByRole("button", { name: "Submit" }).click();
  // The last results stay 15 s; each player may go to the summary sooner.
  for (const page of [host, friend]) {
    await page.getByRole("button", { name: "See the summary" }).click();
    await page.getByText("Game Complete!").waitFor();
  }
  found.push(...(await audit(host, "summary-host")), ...(await audit(friend, "summary-friend")));

  if (found.length > 0) console.log(`axe violations:\n${found.join("\n")}`);
  expect(found).toEqual([]);
  expect(pageErrors).toEqual([]);
  await host.context().close();
  await friend.context().close();
}, 180_000);

test("by keyboard alone the host reaches and works every control, and focus follows each phase", async () => {
  const host = await open(desktop);
  await host.goto(app.url + "/");
  await expectKeyboardReachesAll(host);
  await tabTo(host, "Your name");
  await host.keyboard.type("Kai");
  await tabTo(host, "Host");
  await host.keyboard.press("Enter");
  await host.waitForURL(/\/lobby\/[A-Z0-9]{4}$/);
  const code = host.url().split("/").pop()!;
  const friend = await open(phone);
  // The friend's clock is Playwright's: it runs as time does, and skips the last results' 15 s below.
  await friend.clock.install();
  await joinByLink(friend, code, "Rio");
  await host.getByText("Red Team (1/8)").waitFor();

  await expectKeyboardReachesAll(host);
  await expectKeyboardReachesAll(friend);
  // Kai and Rio captain their teams by themselves: Start Game is ready without a captain's button.
  await host.getByRole("button", { name: "Start Game" }).and(host.locator(":enabled")).waitFor();
  await tabTo(host, "Team");
  await host.keyboard.press("Space");
  expect(await host.getByRole("button", { name: "Team", exact: true }).getAttribute("aria-pressed")).toBe("true");
  await host.screenshot({ path: join(shots, "a11y-kb-toggle-focus.png"), fullPage: true });
  await tabTo(host, "Chat message");
  expect(await host.getByPlaceholder("Type a team message...").count()).toBe(1);
  await host.keyboard.type("psst");
  await host.keyboard.press("Enter");
  await host.getByText("psst").waitFor();
  await tabTo(host, "Rounds (1-20)");
  await host.keyboard.press("ControlOrMeta+A");
  await host.keyboard.type("2");
  await tabTo(host, "Update Settings");
  await host.keyboard.press("Enter");
  await friend.waitForFunction(() => (document.getElementById("set-rounds") as HTMLInputElement | null)?.value === "2");
  // The friend can hear of the change before the host's own call has answered and re-enabled the button.
  await host.getByRole("button", { name: "Update Settings" }).and(host.locator(":enabled")).waitFor();
  await expectKeyboardReachesAll(host);
  // The host's own questions, by keyboard: open the editor, write one, reach every control, close it.
  await tabTo(host, "Write or import questions");
  await host.keyboard.press("Enter");
  await tabTo(host, "Category");
  await host.keyboard.type("Our Crew");
  await host.keyboard.press("Tab");
  await host.keyboard.type("Which city did the crew visit in 2019?");
  await host.keyboard.press("Tab");
  await host.keyboard.type("Lisbon");
  // Enter in a field of the form adds the question, and focus stays for the next one.
  await host.keyboard.press("Enter");
  await host.locator(".own-list").getByText("Which city did the crew visit in 2019?").waitFor();
  expect((await focusedStop(host))?.label).toBe("Question");
  await expectKeyboardReachesAll(host);
  await tabTo(host, "Hide");
  await host.keyboard.press("Enter");
  await tabTo(host, "Start Game");
  await host.keyboard.press("Enter");
  await host.waitForURL(new RegExp(`/game/${code}$`));
  await friend.waitForURL(new RegExp(`/game/${code}$`));

  // Idle: nothing moves focus on arrival; Space starts the round and focus goes to the question.
  await host.getByRole("button", { name: "Start Round" }).waitFor();
  expect(await focused(host)).toStartWith("BODY");
  await expectKeyboardReachesAll(host);
  await expectKeyboardReachesAll(friend);
  await tabTo(host, "Start Round");
  // The friend's focus rests on nothing in particular, so it follows the round too.
  await friend.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await host.keyboard.press("Space");
  await host.waitForFunction((q) => document.activeElement?.textContent === q, QUESTIONS[0]!.question);
  await friend.waitForFunction((q) => document.activeElement?.textContent === q, QUESTIONS[0]!.question);
  await host.screenshot({ path: join(shots, "a11y-kb-question-focus.png"), fullPage: true });
  await friend.screenshot({ path: join(shots, "a11y-kb-question-focus-friend.png"), fullPage: true });
  await expectKeyboardReachesAll(host);
  await expectKeyboardReachesAll(friend);
  // From the question, the next Tab is the answer field.
  await host.getByRole("heading", { name: QUESTIONS[0]!.question }).focus();
  await host.keyboard.press("Tab");
  expect((await focusedStop(host))?.label).toBe("Team answer");
  await host.keyboard.type("four");
  await tabTo(host, "Submit");
  await host.keyboard.press("Enter");
  await host.waitForFunction(() => document.activeElement?.textContent?.includes("Answer locked") ?? false);
  expect(await focused(host)).toBe("H2 ✔ Answer locked");
  await expectKeyboardReachesAll(host);
  // The walk ended in the chat, where a phase change leaves focus alone; back to the round.
  await host.getByRole("heading", { name: "Answer locked" }).focus();

  await friend.getByRole("button", { name: "Steal" }).click();
  await host.waitForFunction(() => document.activeElement?.textContent === "Round 1 Results");
  await expectKeyboardReachesAll(host);
  await tabTo(host, "Mark wrong");
  await host.keyboard.press("Enter");
  await host.getByRole("button", { name: "Mark correct" }).waitFor();
  await tabTo(host, "Next Round");
  await host.keyboard.press("Enter");
  await host.waitForFunction((q) => document.activeElement?.textContent === q, QUESTIONS[1]!.question);
  // The friend answers, then types in the chat: the results must not take that focus away.
  await friend.getByPlaceholder("Type your team answer").fill("Ottawa");
  await friend.getByRole("button", { name: "Submit" }).click();
  await friend.getByPlaceholder("Type a room message...").click();
  await friend.keyboard.type("so close");
  await host.keyboard.press("Tab");
  await host.keyboard.type("Toronto");
  await host.keyboard.press("Enter");
  await host.waitForFunction(() => document.activeElement?.textContent === "Round 2 Results");
  await friend.getByText("Round 2 Results").waitFor();
  const resultsSeenAt = Date.now();
  expect(await friend.evaluate(() => [document.activeElement?.getAttribute("placeholder"), (document.activeElement as HTMLInputElement).value])).toEqual(["Type a room message...", "so close"]);
  // The host goes on to the summary by keyboard; the friend, typing, is taken there after 15 s, which
  // its clock jumps to just past (its connection's 20 s of silence, counted from the results at the
  // earliest, stays ahead, so the jump drops nothing).
  await tabTo(host, "See the summary");
  await host.keyboard.press("Enter");
  await host.waitForFunction(() => document.activeElement?.textContent === "Game Complete!");
  expect(await friend.getByText("Game Complete!").count()).toBe(0);
  await friend.clock.fastForward(Math.max(0, SUMMARY_DELAY_MS + 500 - (Date.now() - resultsSeenAt)));
  await friend.getByText("Game Complete!").waitFor();
  // The summary's body loads after its heading (docs/decisions.md "Every player gets their moment"): the walks cover it whole.
  await host.getByRole("button", { name: "Return to Lobby" }).waitFor();
  await friend.getByText("Waiting for host to return to lobby...").waitFor();
  await expectKeyboardReachesAll(host);
  await expectKeyboardReachesAll(friend);
  await tabTo(host, "Return to Lobby");
  await host.keyboard.press("Space");
  await host.waitForURL(new RegExp(`/lobby/${code}$`));
  expect(pageErrors).toEqual([]);
  await host.context().close();
  await friend.context().close();
}, 180_000);
