// A lobby's page asked of a cluster node that cannot have the lobby yet (it moved to another node in
// the last 10 s, docs/cluster.md "Owning a lobby"): the page says what is going on, passes axe, and
// loads again by itself until the lobby is there, with no one touching it.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { join } from "node:path";
import type { Browser } from "playwright-core";
import { axeViolations } from "../support/a11y";
import { startTestApp, type TestApp } from "../support/app";
import { launchChromium, screenshotDir } from "../support/browser";
import { DESKTOP, PHONE } from "../support/phones";
import { startRedis, type TestRedis } from "../support/redis-server";
import { createLobby, lobbyData } from "../support/rest";

let redis: TestRedis;
let a: TestApp;
let b: TestApp;
let browser: Browser;
const shots = screenshotDir("cluster");

beforeAll(async () => {
  redis = await startRedis();
  [a, b] = [await startTestApp({ REDIS_URL: redis.url, NODE_ID: "a" }), await startTestApp({ REDIS_URL: redis.url, NODE_ID: "b" })];
  browser = await launchChromium();
});
afterAll(async () => {
  await browser.close();
  await a.dispose();
  await b.dispose();
  await redis.dispose();
});

test("a lobby on its way to this node: the page says so and loads the lobby by itself once it is here", async () => {
  const host = await createLobby(a, "Hana");
  // Node b takes the lobby; for 10 s it is not handed on, so node a cannot have it.
  await lobbyData(b, host.code);
  const desktop = await browser.newPage(DESKTOP);
  await desktop.goto(`${a.url}/lobby/${host.code}`);
  await desktop.getByRole("heading", { name: "Just a moment" }).waitFor();
  await desktop.screenshot({ path: join(shots, "moving-desktop.png") });
  await desktop.close();

  const context = await browser.newContext(PHONE);
  await context.addInitScript((seat: { token: string; code: string }) => {
    localStorage.setItem("gameToken", seat.token);
    localStorage.setItem("lobbyCode", seat.code);
  }, host);
  const phone = await context.newPage();
  await phone.goto(`${a.url}/lobby/${host.code}`);
  await phone.getByRole("heading", { name: "Just a moment" }).waitFor();
  expect(await phone.getByText("This lobby is moving between servers").isVisible()).toBe(true);
  expect(await axeViolations(phone)).toEqual([]);
  await phone.screenshot({ path: join(shots, "moving-phone.png") });

  // Past the 10 s, node a asks for it again on a reload, and gets it: the lobby shows, host and all.
  await phone.getByText("Hana").first().waitFor({ timeout: 20_000 });
  expect(phone.url()).toBe(`${a.url}/lobby/${host.code}`);
  expect((await redis.cli("HGET", `sm:lobby:${host.code}`, "owner")).split(":")[0]).toBe("a");
  await context.close();
}, 40_000);
