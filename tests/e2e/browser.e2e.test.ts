// The end-to-end files' Chromium (tests/support/browser.ts): it keeps every feature Playwright turns
// off, though our --disable-features replaces Playwright's, and it opens none of the address bar's
// popups that cost a fifth of its CPU (docs/decisions.md "The tests' own budget").
import { afterAll, expect, test } from "bun:test";
import type { Browser } from "playwright-core";
import { closeContexts, OMNIBOX_POPUP_FEATURES, sharedChromium } from "../support/browser";

let browser: Browser | undefined;
afterAll(() => closeContexts(browser));

test("the shared Chromium turns off what Playwright turns off, and the address bar's popups, and opens no popup for a new context", async () => {
  browser = await sharedChromium();
  const page = await (await browser.newContext()).newPage();
  await page.goto("chrome://version");
  const commandLine = (await page.locator("#command_line").textContent()) ?? "";
  const switches = [...commandLine.matchAll(/--disable-features=(\S*)/g)].map((m) => m[1]!.split(","));
  // Playwright's own switch comes first; Chromium heeds only the last, ours.
  expect(switches.length).toBe(2);
  const [playwrights, heeded] = switches as [string[], string[]];
  expect(playwrights.filter((feature) => !heeded.includes(feature))).toEqual([]);
  for (const feature of OMNIBOX_POPUP_FEATURES) expect(heeded).toContain(feature);

  const cdp = await browser.newBrowserCDPSession();
  const { targetInfos } = await cdp.send("Target.getTargets");
  await cdp.detach();
  expect(targetInfos.filter((t) => t.url.includes("omnibox-popup")).map((t) => t.url)).toEqual([]);
  expect(targetInfos.some((t) => t.type === "page" && t.url === "chrome://version/")).toBe(true);
});
