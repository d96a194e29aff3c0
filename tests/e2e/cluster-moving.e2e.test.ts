// A lobby's page asked of a cluster node that cannot have the lobby yet (it moved to another node in
// the last 10 s, docs/cluster.md "Owning a lobby"; 7 s here): the page says what is going on, passes axe, and
// loads again by itself until the lobby is there, with no one touching it.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { join } from "node:path";
import type { Browser } from "playwright-core";
import { axeViolations } from "../support/a11y";
import { startTestApp, type TestApp } from "../support/app";
import { closeContexts, sharedChromium, screenshotDir } from "../support/browser";
import { DESKTOP, PHONE } from "../support/phones";
import { startRedis, type TestRedis } from "../support/redis-server";
import { createLobby, lobbyData } from "../support/rest";
import { UNBALANCED_NODE_ENV } from "../support/short-timings";

/**
 * A lobby moves at most once in this long here (CLUSTER_MOVE_EVERY_MS), not 10 s: long enough for both
 * pages below to be answered "moving" (each waits 2 s on its claim) and checked, short enough to wait out.
 */
const MOVE_EVERY_MS = 7_000;
let redis: TestRedis;
let a: TestApp;
let b: TestApp;
let browser: Browser;
const shots = screenshotDir("cluster");

beforeAll(async () => {
  redis = await startRedis();
  const node = (id: string) => startTestApp({ REDIS_URL: redis.url, NODE_ID: id, CLUSTER_MOVE_EVERY_MS: String(MOVE_EVERY_MS), ...UNBALANCED_NODE_ENV });
  [a, b] = [await node("a"), await node("b")];
  browser = await sharedChromium();
});
afterAll(async () => {
  await closeContexts(browser);
  await a.dispose();
  await b.dispose();
  await redis.dispose();
});

test("a lobby on its way to this node: the page says so and loads the lobby by itself once it is here", async () => {
  const host = await createLobby(a, "Hana");
  // Node b takes the lobby; for MOVE_EVERY_MS it is not handed on, so node a cannot have it.
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

  // Past MOVE_EVERY_MS, node a asks for it again on a reload, and gets it: the lobby shows, host and all.
  await phone.getByText("Hana").first().waitFor({ timeout: 20_000 });
  expect(phone.url()).toBe(`${a.url}/lobby/${host.code}`);
  expect((await redis.cli("HGET", `sm:lobby:${host.code}`, "owner")).split(":")[0]).toBe("a");
  await context.close();
}, 40_000);
