// Where a page sends someone whose session does not fit it (SPEC sections 4, 5 and 8).
import { afterAll, beforeAll, expect, test } from "bun:test";
import type { Browser, Page } from "playwright-core";
import { call, startTestApp, type TestApp } from "../support/app";
import { launchChromium } from "../support/browser";

let app: TestApp;
let browser: Browser;
let code: string;
let otherCode: string;
let otherToken: string;

async function pageWithSession(token: string | null, lobbyCode: string | null): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  page.setDefaultTimeout(10_000);
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
  app = await startTestApp();
  browser = await launchChromium();
  code = (await call(app, "POST", "/api/lobby/create", { body: { playerName: "Hana" } })).body.lobby.code;
  const other = await call(app, "POST", "/api/lobby/create", { body: { playerName: "Otto" } });
  otherCode = other.body.lobby.code;
  otherToken = other.body.token;
});
afterAll(async () => {
  await browser?.close();
  await app?.dispose();
});

test("the lobby page without a token goes to the home join flow for that lobby", async () => {
  const page = await pageWithSession(null, null);
  await page.goto(`${app.url}/lobby/${code}`);
  await page.getByText(`Enter your name to join lobby ${code}.`).waitFor();
  expect(new URL(page.url()).pathname).toBe("/");
});

test("the lobby page with another lobby's token leaves that lobby and goes home", async () => {
  const joined = await call(app, "POST", "/api/lobby/join", { body: { playerName: "Wanderer", code: otherCode } });
  const page = await pageWithSession(joined.body.token, otherCode);
  await page.goto(`${app.url}/lobby/${code}`);
  await page.waitForURL(`${app.url}/`);
  expect(await page.evaluate(() => localStorage.getItem("gameToken"))).toBeNull();
  const other = await call(app, "GET", `/api/lobby/${otherCode}`);
  expect([...other.body.data.blueTeam, ...other.body.data.redTeam].map((p: { name: string }) => p.name)).not.toContain("Wanderer");
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
  const expired = await app.tokens.sign({ lobby: otherCode, sub: "someone", name: "Old", isHost: false }, Math.floor(Date.now() / 1000) - 60);
  for (const token of [null, otherToken, expired, "garbage"]) {
    const page = await pageWithSession(token, otherCode);
    const target = token === otherToken ? code : otherCode;
    await page.goto(`${app.url}/game/${target}`);
    await page.getByRole("dialog", { name: "Join Lobby" }).getByText(`Enter your name to join lobby ${target}.`).waitFor();
    expect(new URL(page.url()).pathname).toBe("/");
    await page.close();
  }
});
