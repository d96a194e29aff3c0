// Browser contexts as the players' devices: a seat's token put where the page keeps it (as the join
// flow would have), pages that record their uncaught errors, and a marker that proves a page was
// never reloaded.
import type { Browser, BrowserContext, Page } from "playwright-core";
import { TOKEN_KEY } from "../../islands/client/token";
import { claimsOf, waitConnected, type Seat } from "./rest";

export const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
export const DESKTOP = { viewport: { width: 1280, height: 860 } };

export interface Device {
  context: BrowserContext;
  page: Page;
  errors: string[];
}

/** A device holding `seat`'s session for lobby `code`, with a page open at `path`; `initScript` runs before each page's own. */
export async function device(browser: Browser, baseUrl: string, code: string, seat: Seat | null, path: string, options: object = PHONE, initScript?: string): Promise<Device> {
  // Seeded once, as a finished join leaves it; the page may clear it later (kicked, lobby ended).
  const localStorage = seat ? [{ name: "gameToken", value: seat.token }, { name: "lobbyCode", value: code }] : [];
  const context = await browser.newContext({ ...options, storageState: { cookies: [], origins: [{ origin: baseUrl, localStorage }] } });
  if (initScript) await context.addInitScript({ content: initScript });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("pageerror", (err) => errors.push(`${page.url()}: ${err.message}`));
  page.setDefaultTimeout(15_000);
  await page.goto(baseUrl + path);
  return { context, page, errors };
}

/** Marks the document; `sameDocument` is true only while no reload or navigation replaced it. */
export const markDocument = (page: Page) => page.evaluate(() => void ((window as unknown as { __marked: boolean }).__marked = true));
export const sameDocument = (page: Page) => page.evaluate(() => (window as unknown as { __marked?: boolean }).__marked === true);

/** The page's session has fetched the lobby and opened its connection (the status bar's data-state). */
export const sessionStarted = (page: Page) => page.locator(".status-bar:not([data-state=starting])").waitFor({ state: "attached" });
/** The page's connection is open and its join-lobby sent (the status bar's data-state); the server may not have seated it yet. */
export const online = (page: Page) => page.locator(".status-bar[data-state=online]").waitFor({ state: "attached" });
/**
 * The page is live: its connection is open (the status bar's data-state) and, for a seat, the server
 * has seated it (the seat shows connected). "online" alone is the link open with join-lobby on its
 * way: a latecomer's "joined your team" or a kick in that moment reaches the page only as its join's
 * answer (a snapshot, a refusal), never as the event itself. A page with no seat (a TV) is live once online.
 */
export async function live(page: Page): Promise<void> {
  await online(page);
  const token = await page.evaluate((key) => localStorage.getItem(key), TOKEN_KEY);
  if (!token) return;
  const { lobby, sub } = claimsOf(token) as { lobby: string; sub: string };
  // Asked by the page itself: its address may be a LAN name only the browser resolves.
  await waitConnected(() => page.evaluate(async (code) => (await (await fetch(`/api/lobby/${code}`)).json()).data, lobby), sub);
}
