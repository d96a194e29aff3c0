// The first minute on any phone (docs/pages.md "Home", docs/rules.md "Taking a seat back"), as guests
// would live it: the invite link works with no JavaScript at all, a name typed before the scripts
// arrive is kept and seats the guest, names in any script read back as typed from the token, the
// host's phone has the code, the invite and Start Game on its first screen, and a guest whose phone
// died takes the seat back from another phone.
import { expect, test } from "bun:test";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { SEAT_RETURN_MS } from "../../src/game/settings";
import { call } from "../support/app";
import { useE2eSuite } from "../support/e2e";
import { FakeClock } from "../support/fake-clock";
import { createLobby, exactJudge, joinLobby, quizQuestions } from "../support/rest";
import { DESKTOP, live, PHONE } from "../support/phones";

const clock = new FakeClock(Date.now());
const suite = useE2eSuite({ questions: quizQuestions, judge: exactJudge, overrides: { clock }, shotsFolder: "first-minute" });
const { shots } = suite;

const joinForm = (page: Page, code: string) => page.getByRole("form", { name: `Join lobby ${code}` });
/** The names in a team card, as the lobby page lists them. */
const listed = (page: Page) => page.locator(".team .who bdi").allTextContents();

test("with JavaScript off, the invite link seats the guest and the lobby page lists them", async () => {
  const { app } = suite;
  const { code } = await createLobby(app, "Hana");
  const page = await suite.open({ ...PHONE, javaScriptEnabled: false });
  await page.goto(`${app.url}/?join=${code}`);
  const form = joinForm(page, code);
  // The name field has focus from the HTML alone (at the page's first rendering). A locator's wait:
  // with JavaScript off, waitForFunction evaluates once and never again, so focus that lands after
  // the load event (a busy machine) was never seen.
  await page.locator("#invite-name:focus").waitFor();
  await page.screenshot({ path: join(shots, "invite-no-js-phone.png") });
  await page.keyboard.type("Zoë");
  await form.getByRole("button", { name: "Join" }).click();
  await page.waitForURL(`${app.url}/lobby/${code}`);
  expect(await listed(page)).toEqual(["Hana", "Zoë"]);
  await page.screenshot({ path: join(shots, "lobby-after-no-js-join-phone.png") });
  // A refusal comes back on the same page, the name as typed. (Autofocus lands at the page's first
  // rendering, which on a busy machine can come after the load event: typing waits for it.)
  await page.goto(`${app.url}/?join=${code}`);
  await page.locator("#invite-name:focus").waitFor();
  await page.keyboard.type("zoë");
  await page.keyboard.press("Enter");
  await page.getByText("That name is taken in this lobby").waitFor();
  expect(await form.getByPlaceholder("Enter your name").inputValue()).toBe("zoë");
  await page.context().close();
});

test("a name typed before the scripts arrive is kept, with the focus, and the hydrated form seats the guest under it", async () => {
  const { app } = suite;
  const { code } = await createLobby(app, "Hana");
  const page = await suite.open(PHONE);
  // The scripts are held back until the guest has typed, as on a slow link.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/build/*.js", async (route) => {
    await held;
    await route.continue();
  });
  const posts: string[] = [];
  page.on("request", (r) => void (r.method() === "POST" && posts.push(new URL(r.url()).pathname)));
  await page.goto(`${app.url}/?join=${code}`, { waitUntil: "commit" });
  await page.waitForFunction(() => document.activeElement?.id === "invite-name");
  await page.keyboard.type("Amélie");
  release();
  // Hydrated: the island's own submit runs the REST join.
  await page.waitForFunction(() => Object.keys(document.getElementById("invite-name") ?? {}).some((k) => k.startsWith("__react")));
  expect(await page.evaluate(() => ({ value: (document.getElementById("invite-name") as HTMLInputElement).value, focus: document.activeElement?.id }))).toEqual({ value: "Amélie", focus: "invite-name" });
  await page.keyboard.press("Enter");
  await page.waitForURL(`${app.url}/lobby/${code}`);
  await page.getByText("Amélie", { exact: true }).waitFor();
  expect(posts).toEqual(["/api/lobby/join"]);
  await page.context().close();
});

test("names in Latin with accents, Hebrew and Arabic read back as typed wherever the token's name is shown", async () => {
  const { app } = suite;
  const { code } = await createLobby(app, "Hana");
  const other = await createLobby(app, "Omar");
  for (const name of ["José", "עמרי", "عمر"]) {
    const page = await suite.open(PHONE);
    await page.goto(`${app.url}/?join=${code}`);
    await joinForm(page, code).getByPlaceholder("Enter your name").fill(name);
    await page.keyboard.press("Enter");
    await page.waitForURL(`${app.url}/lobby/${code}`);
    await live(page);
    // The home page's way back, the invite page's, and the join card's.
    await page.goto(`${app.url}/`);
    const back = page.getByRole("link", { name: `Back to ${code} as ${name}` });
    await back.waitFor();
    expect(await back.locator("bdi").textContent()).toBe(name);
    // The join card's link comes with the page's next rendering after the code is typed: waited for, then counted.
    await page.locator("#join-code").fill(code);
    await back.nth(1).waitFor();
    expect(await back.count()).toBe(2);
    await page.goto(`${app.url}/?join=${code}`);
    await page.getByRole("link", { name: `Back to ${code} as ${name}` }).waitFor();
    // Another lobby's page asks before giving the seat up, naming it.
    await page.goto(`${app.url}/lobby/${other.code}`);
    const ask = page.getByRole("dialog", { name: `Leave lobby ${code}?` });
    await ask.getByText(`You are in lobby ${code} as ${name}.`).waitFor();
    if (name === "عمر") await page.screenshot({ path: join(shots, "leave-lobby-arabic-phone.png") });
    await page.context().close();
  }
});

test("on a 390x844 phone the host sees the code, the invite and Start Game with its reason, without scrolling", async () => {
  const { app } = suite;
  const { code, ...hana } = await createLobby(app, "Hana");
  const host = await suite.device(code, hana, `/lobby/${code}`, PHONE);
  await live(host.page);
  const start = host.page.getByRole("button", { name: "Start Game" });
  await host.page.getByText("Red Team needs a player").waitFor();
  const visible = async (selector: string) => {
    const box = (await host.page.locator(selector).first().boundingBox())!;
    return box.y >= 0 && box.y + box.height <= 844;
  };
  expect(await host.page.evaluate(() => window.scrollY)).toBe(0);
  expect({
    code: await visible(".header-code .code"),
    qr: await visible(".invite .qr"),
    share: await visible("text=Share invite link"),
    start: await visible("button:has-text('Start Game')"),
    reason: await visible("text=Red Team needs a player"),
  }).toEqual({ code: true, qr: true, share: true, start: true, reason: true });
  await host.page.screenshot({ path: join(shots, "lobby-host-first-screen-phone.png") });
  // A host and one guest can start: the guest captains red by themself.
  await joinLobby(app, code, "Ravi");
  await start.and(host.page.locator(":enabled")).waitFor();
  const desktop = await suite.device(code, hana, `/lobby/${code}`, DESKTOP);
  await desktop.page.getByRole("button", { name: "Start Game" }).and(desktop.page.locator(":enabled")).waitFor();
  await desktop.page.screenshot({ path: join(shots, "lobby-host-desktop.png") });
  await host.context.close();
  await desktop.context.close();
});

test("a guest whose phone died takes the seat back from another phone; the room hears it and the old phone is out", async () => {
  const { app } = suite;
  const { code, ...hana } = await createLobby(app, "Hana");
  const host = await suite.device(code, hana, `/lobby/${code}`, DESKTOP);
  const old = await suite.open(PHONE);
  await old.goto(`${app.url}/?join=${code}`);
  await joinForm(old, code).getByPlaceholder("Enter your name").fill("Rio");
  await old.keyboard.press("Enter");
  await old.waitForURL(`${app.url}/lobby/${code}`);
  await live(old);
  const oldToken = await old.evaluate(() => localStorage.getItem("gameToken"));
  // The phone dies: its page is gone. Within 10 s the name is simply taken.
  await old.context().close();
  await host.page.locator(".team .who.off", { hasText: "Rio" }).waitFor();
  const phone = await suite.open(PHONE);
  await phone.goto(`${app.url}/?join=${code}`);
  await joinForm(phone, code).getByPlaceholder("Enter your name").fill("Rio");
  await phone.keyboard.press("Enter");
  await phone.getByText("That name is taken in this lobby").waitFor();
  expect(await phone.getByRole("heading", { name: "Take back Rio’s seat?" }).count()).toBe(0);

  await clock.advance(SEAT_RETURN_MS);
  await joinForm(phone, code).getByRole("button", { name: "Join" }).click();
  const confirm = phone.getByRole("form", { name: "Take back Rio’s seat?" });
  await confirm.waitFor();
  await phone.screenshot({ path: join(shots, "take-back-phone.png") });
  await confirm.getByRole("button", { name: "Take back seat" }).click();
  await phone.waitForURL(`${app.url}/lobby/${code}`);
  await live(phone);
  await phone.locator(".team .badge.you").waitFor();
  await host.page.getByText("Rio is back on another device").waitFor();
  expect(await listed(host.page)).toEqual(["Hana", "Rio"]);
  expect((await call(app, "GET", `/api/lobby/${code}`, { token: oldToken! })).status).toBe(401);
  // A seat with a live connection stays taken, whatever the clock.
  await clock.advance(SEAT_RETURN_MS);
  const refused = await call(app, "POST", "/api/lobby/join", { body: { code, playerName: "Rio", takeBack: true } });
  expect([refused.status, refused.body.message]).toEqual([409, "That name is taken in this lobby"]);
  await phone.context().close();
  await host.context.close();
});

test("a locked lobby's invite link says so before asking for a name, and still lets a seat's owner back", async () => {
  const { app } = suite;
  const { code, ...hana } = await createLobby(app, "Hana");
  await joinLobby(app, code, "Ana");
  await call(app, "POST", "/api/lobby/lock", { token: hana.token, body: { locked: true } });
  const page = await suite.open({ ...PHONE, javaScriptEnabled: false });
  await page.goto(`${app.url}/?join=${code}`);
  const notice = page.getByText(`Lobby ${code} is locked:`);
  const field = joinForm(page, code).getByPlaceholder("Enter your name");
  expect((await notice.boundingBox())!.y).toBeLessThan((await field.boundingBox())!.y);
  await page.screenshot({ path: join(shots, "invite-locked-phone.png") });
  await field.fill("Newcomer");
  await page.keyboard.press("Enter");
  await page.getByText("The host has locked this lobby").waitFor();
  await clock.advance(SEAT_RETURN_MS);
  await joinForm(page, code).getByPlaceholder("Enter your name").fill("Ana");
  await page.keyboard.press("Enter");
  await page.getByRole("button", { name: "Take back seat" }).click();
  await page.waitForURL(`${app.url}/lobby/${code}`);
  expect(await listed(page)).toEqual(["Hana", "Ana"]);
  await page.context().close();
});
