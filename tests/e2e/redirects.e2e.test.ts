// Where a page sends someone whose session does not fit it (docs/pages.md "Routes").
import { beforeAll, expect, test } from "bun:test";
import type { Page } from "playwright-core";
import { call } from "../support/app";
import { join } from "node:path";
import { axeViolations } from "../support/a11y";
import { useE2eSuite } from "../support/e2e";

const suite = useE2eSuite();
const { app, shots } = suite;
let code: string;
let otherCode: string;
let otherToken: string;

async function pageWithSession(token: string | null, lobbyCode: string | null): Promise<Page> {
  const page = await suite.open();
  await page.goto(app.url + "/");
  await page.evaluate(
    ([t, c]) => {
      if (t) localStorage.setItem("gameToken", t);
      if (c) localStorage.setItem("lobbyCode", c);
    },
    [token, lobbyCode],
  );
  return page;
}

beforeAll(async () => {
  code = (await call(app, "POST", "/api/lobby/create", { body: { playerName: "Hana" } })).body.lobby.code;
  const other = await call(app, "POST", "/api/lobby/create", { body: { playerName: "Otto" } });
  otherCode = other.body.lobby.code;
  otherToken = other.body.token;
});

test("the lobby page without a token goes to the home join flow for that lobby", async () => {
  const page = await pageWithSession(null, null);
  await page.goto(`${app.url}/lobby/${code}`);
  await page.getByRole("form", { name: `Join lobby ${code}` }).getByPlaceholder("Enter your name").waitFor();
  expect(new URL(page.url()).pathname).toBe("/");
});

// The flaw this guards against: opening /lobby/ZZZZ (any link, any QR code) while seated elsewhere called
// POST /api/lobby/leave, and the only red player of a running game was removed. Now the page asks.
test("the lobby page with another lobby's seat gives nothing up on load: it asks, in a dialog, and does what the player says", async () => {
  const joined = await call(app, "POST", "/api/lobby/join", { body: { playerName: "Wanderer", code: otherCode } });
  const names = async () => {
    const other = await call(app, "GET", `/api/lobby/${otherCode}`);
    return [...other.body.data.blueTeam, ...other.body.data.redTeam].map((p: { name: string }) => p.name);
  };
  const page = await pageWithSession(joined.body.token, otherCode);
  await page.goto(`${app.url}/lobby/${code}`);
  const dialog = page.getByRole("dialog", { name: `Leave lobby ${otherCode}?` });
  await dialog.getByText(`You are in lobby ${otherCode} as Wanderer. Leave it and join ${code}?`).waitFor();
  expect(await names()).toContain("Wanderer");
  expect(await axeViolations(page)).toEqual([]);
  await page.screenshot({ path: join(shots, "lobby-switch-desktop.png") });
  // Focus is inside, and Escape keeps the seat: back to the player's own lobby.
  expect(await page.evaluate(() => document.activeElement?.textContent)).toBe(`Back to ${otherCode}`);
  await page.keyboard.press("Escape");
  await page.waitForURL(`${app.url}/lobby/${otherCode}`);
  expect(await page.evaluate(() => localStorage.getItem("gameToken"))).toBe(joined.body.token);
  expect(await names()).toContain("Wanderer");

  // Asked again on a phone, the player leaves: the seat goes, and this lobby's join dialog opens.
  const phone = await suite.open({ viewport: { width: 390, height: 844 } });
  await phone.goto(app.url + "/");
  await phone.evaluate(([t, c]) => (localStorage.setItem("gameToken", t!), localStorage.setItem("lobbyCode", c!)), [joined.body.token, otherCode]);
  await phone.goto(`${app.url}/lobby/${code}`);
  await phone.getByRole("dialog", { name: `Leave lobby ${otherCode}?` }).waitFor();
  await phone.screenshot({ path: join(shots, "lobby-switch-phone.png") });
  await phone.getByRole("button", { name: `Leave and join ${code}` }).click();
  await phone.getByRole("form", { name: `Join lobby ${code}` }).getByPlaceholder("Enter your name").waitFor();
  expect(await phone.evaluate(() => localStorage.getItem("gameToken"))).toBeNull();
  expect(await names()).not.toContain("Wanderer");
});

test("the lobby page drops a token whose lobby lookup fails", async () => {
  // Readable claims for this lobby, but no valid signature: the server refuses the lookup.
  const forged = `x.${btoa(JSON.stringify({ lobby: code, sub: "ghost", name: "Ghost", isHost: false, exp: 9e9 }))}.y`;
  const page = await pageWithSession(forged, code);
  await page.goto(`${app.url}/lobby/${code}`);
  await page.waitForURL(`${app.url}/`);
  expect(await page.evaluate(() => localStorage.getItem("gameToken"))).toBeNull();
});

test("the game page without a seat there (missing, foreign, expired or unreadable token) opens the join dialog, as the lobby page does", async () => {
  const expired = await suite.server().tokens.sign({ lobby: otherCode, sub: "someone", name: "Old", isHost: false }, Math.floor(Date.now() / 1000) - 60);
  for (const token of [null, otherToken, expired, "garbage"]) {
    const page = await pageWithSession(token, otherCode);
    const target = token === otherToken ? code : otherCode;
    await page.goto(`${app.url}/game/${target}`);
    await page.getByRole("form", { name: `Join lobby ${target}` }).getByPlaceholder("Enter your name").waitFor();
    expect(new URL(page.url()).pathname).toBe("/");
    await page.close();
  }
});
