// A party on a home network (docs/decisions.md "A party on a home network"), in Chromium: the phones
// open the server by a LAN name (`party.lan`, mapped to this machine by a host resolver rule), so their
// pages are not a secure context (no Wake Lock, Web Share or Clipboard API), as on a real wifi; the
// TV's browser runs on the server's own machine and opens `localhost`. The machine's network
// interfaces are faked (tests/support/lan.ts), so the address shown to phones is known.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { copyFileSync, mkdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import jsQR from "jsqr";
import Papa from "papaparse";
import type { Page } from "playwright-core";
import { PNG } from "pngjs";
import { axeViolations } from "../support/a11y";
import { startTestApp, type TestApp } from "../support/app";
import { useE2eSuite } from "../support/e2e";
import { fakeLan, lanOrigin } from "../support/lan";
import { createLobby, exactJudge, ok, quizQuestion, quizQuestions, startGame, startRound, submit, teamSelect } from "../support/rest";
import { DESKTOP, device, live, PHONE, type Device } from "../support/phones";

const LAN_NAME = "party.lan";
const PUBLIC_URL = "http://stealmate.local:3000";
// ALLOWED_HOSTS: a server that serves only its own names must know the LAN name the phones use.
const ENV = { ALLOWED_HOSTS: LAN_NAME };
const suite = useE2eSuite({
  questions: quizQuestions,
  judge: exactJudge,
  overrides: { interfaces: fakeLan },
  env: ENV,
  browserArgs: [`--host-resolver-rules=MAP ${LAN_NAME} 127.0.0.1`],
});
const { shots } = suite;
let app: TestApp;
let withPublic: TestApp;
/** Also kept where a person reviewing this work looks, when that folder is given. */
const reviewShots = process.env.REVIEW_SHOTS;
const TV_1080 = { viewport: { width: 1920, height: 1080 } };

beforeAll(async () => {
  app = suite.server();
  withPublic = await startTestApp({ ...ENV, PUBLIC_URL }, { questions: quizQuestions, judge: exactJudge, interfaces: fakeLan });
});
afterAll(() => withPublic?.dispose());

async function shot(page: Page, name: string, fullPage = false) {
  const path = join(shots, `${name}.png`);
  await page.screenshot({ path, animations: "disabled", fullPage });
  if (reviewShots) {
    mkdirSync(reviewShots, { recursive: true });
    copyFileSync(path, join(reviewShots, `${name}.png`));
  }
}

/** Decodes the first QR code in a screenshot of the page. */
async function readQr(page: Page): Promise<string | null> {
  const png = PNG.sync.read(await page.screenshot({ animations: "disabled", fullPage: true }));
  return jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data ?? null;
}

/** The keep-awake video, as the page has it: none, or whether it plays muted and moves on. */
const awakeVideo = (page: Page) =>
  page.evaluate(() => {
    const video = document.querySelector<HTMLVideoElement>("video.keep-awake");
    return video ? { playing: !video.paused && video.currentTime > 0, muted: video.muted, loop: video.loop, src: video.currentSrc.replace(location.origin, "") } : null;
  });

test("a phone at a LAN name (no secure context) joins by the link, plays a whole game awake, and has nothing fail", async () => {
  const { code, ...hanaSeat } = await createLobby(app, "Hana");
  const hana = await device(suite.browser, app.url.replace("127.0.0.1", "localhost"), code, hanaSeat, `/lobby/${code}`, DESKTOP);
  const phoneUrl = `http://${LAN_NAME}:${app.port}`;

  // Rio's phone opens the join link as a QR code at party.lan would give it.
  const context = await suite.browser.newContext(PHONE);
  const rio = await context.newPage();
  const errors: string[] = [];
  rio.on("pageerror", (err) => errors.push(`${rio.url()}: ${err.message}`));
  rio.setDefaultTimeout(15_000);
  await rio.goto(`${phoneUrl}/?join=${code}`);
  expect(await rio.evaluate(() => ({ secure: window.isSecureContext, wakeLock: "wakeLock" in navigator, share: "share" in navigator, clipboard: "clipboard" in navigator }))).toEqual({ secure: false, wakeLock: false, share: false, clipboard: false });
  await rio.getByRole("form", { name: /^Join lobby/ }).getByPlaceholder("Enter your name").fill("Rio");
  await rio.getByRole("form", { name: /^Join lobby/ }).getByRole("button", { name: "Join" }).click();
  await rio.waitForURL(`${phoneUrl}/lobby/${code}`);
  await live(rio);
  // Rio captains red by himself, the first on it.
  await hana.page.getByText("Red Team (1/8)").waitFor();

  // Sharing without Web Share or the clipboard: the link, selected, to copy. The page was asked as
  // party.lan, so that is the address it gives.
  await rio.getByRole("button", { name: "Share invite link" }).click();
  const field = rio.getByRole("textbox", { name: "Invite link" });
  expect(await field.inputValue()).toBe(`${phoneUrl}/?join=${code}`);
  expect(await field.evaluate((el: HTMLInputElement) => document.activeElement === el && el.selectionStart === 0 && el.selectionEnd === el.value.length)).toBe(true);
  await shot(rio, "phone-party-lan-lobby-share-390x844", true);
  const violations = await axeViolations(rio);

  // Chat both ways.
  await rio.getByPlaceholder("Type a room message...").fill("hello from the sofa");
  await rio.getByRole("button", { name: "Send" }).click();
  await hana.page.getByText("hello from the sofa").waitFor();

  await startGame(app, hanaSeat, 2, 60);
  await rio.waitForURL(`${phoneUrl}/game/${code}`);
  await live(rio);
  expect(await awakeVideo(rio)).toBeNull();
  await startRound(app, hanaSeat);
  await rio.getByText(quizQuestion(1).question).waitFor();

  // Rio's first tap on the game page starts the muted loop; the screen stays awake from then on.
  await rio.getByPlaceholder("Type your team answer").click();
  await rio.waitForFunction(() => {
    const video = document.querySelector<HTMLVideoElement>("video.keep-awake");
    return video !== null && !video.paused && video.currentTime > 0;
  });
  expect(await awakeVideo(rio)).toEqual({ playing: true, muted: true, loop: true, src: "/keep-awake.webm" });
  await rio.getByPlaceholder("Type your team answer").fill(quizQuestion(1).answer);
  await shot(rio, "phone-party-lan-mid-round-390x844");
  await shot(hana.page, "desktop-localhost-mid-round-1280x860");
  violations.push(...(await axeViolations(rio)));
  await rio.getByRole("button", { name: "Submit" }).click();
  await rio.getByText("Answer locked").waitFor();
  await submit(app, hanaSeat, 1, "a blue guess");
  await rio.getByText("Round 1 Results").waitFor();
  await shot(rio, "phone-party-lan-results-390x844", true);

  // Round 2: Rio steals.
  await startRound(app, hanaSeat);
  await rio.getByText(quizQuestion(2).question).waitFor();
  await rio.getByRole("button", { name: "Steal" }).click();
  await submit(app, hanaSeat, 2, quizQuestion(2).answer);
  await rio.getByText("Round 2 Results").waitFor();
  // The last round's results stay a while; the player moves on to the summary.
  await rio.getByRole("button", { name: "See the summary" }).click();
  await rio.getByText("Game Complete!", { exact: true }).waitFor();
  // The game is over: the screen may sleep again.
  await rio.waitForFunction(() => document.querySelector<HTMLVideoElement>("video.keep-awake")?.paused === true);
  await shot(rio, "phone-party-lan-summary-390x844", true);

  // The results download over plain HTTP as anywhere else.
  const download = rio.waitForEvent("download");
  await rio.getByRole("link", { name: "Download results (CSV)" }).click();
  const csv = Papa.parse<string[]>(readFileSync((await (await download).path())!, "utf8"), { skipEmptyLines: true });
  // The rounds' table, between the players and the awards (docs/contract.md "The results files").
  const rounds = csv.data.slice(csv.data.findIndex((row) => row[0] === "round"), csv.data.findIndex((row) => row[0] === "final") + 1);
  expect(rounds.map((row) => row[0])).toEqual(["round", "1", "2", "final"]);
  expect(rounds.at(-1)!.slice(8)).toEqual(["0", "", "", "", "", "3", "red"]);

  violations.push(...(await axeViolations(rio)));
  expect(violations).toEqual([]);
  expect([...errors, ...hana.errors]).toEqual([]);
  // The lobby ends: both pages go home (closing a page mid-navigation would hang Chromium's close).
  await ok(app, "/api/lobby/end", hanaSeat.token);
  await rio.waitForURL(`${phoneUrl}/`);
  await hana.page.waitForURL(/localhost:\d+\/$/);
  await context.close();
  await hana.context.close();
}, 120_000);

/** The TV at the server's own `localhost`: the join address it shows, read from its QR code and its text. */
async function tvAt(target: TestApp, size: object, name: string): Promise<{ qr: string | null; address: string; code: string; tv: Device }> {
  const { code } = await createLobby(target, "Hana");
  const tv = await device(suite.browser, `http://localhost:${target.port}`, code, null, `/tv/${code}`, size);
  await live(tv.page);
  await shot(tv.page, name);
  const address = (await tv.page.locator(".tv-join .link-text").textContent()) ?? "";
  return { qr: await readQr(tv.page), address, code, tv };
}

test("the TV opened at localhost shows the network address, in its QR code and its text, at 1080p and 720p", async () => {
  for (const [size, name] of [
    [TV_1080, "tv-localhost-1920x1080"],
    [{ viewport: { width: 1280, height: 720 } }, "tv-localhost-1280x720"],
  ] as const) {
    const { qr, address, code, tv } = await tvAt(app, size, name);
    expect(qr).toBe(`${lanOrigin(app.port)}/?join=${code}`);
    expect(address).toBe(lanOrigin(app.port));
    expect(await axeViolations(tv.page)).toEqual([]);
    expect(tv.errors).toEqual([]);
    await tv.context.close();
  }
}, 60_000);

test("with PUBLIC_URL the TV at localhost shows that address", async () => {
  const { qr, address, code, tv } = await tvAt(withPublic, TV_1080, "tv-localhost-public-url-1920x1080");
  expect(qr).toBe(`${PUBLIC_URL}/?join=${code}`);
  expect(address).toBe(PUBLIC_URL);
  expect(tv.errors).toEqual([]);
  await tv.context.close();
}, 60_000);
