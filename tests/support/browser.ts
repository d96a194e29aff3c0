// Debian's Chromium driven by playwright-core: never a downloaded browser, always these flags. The
// test files of one `bun test` process share one Chromium (for each set of switches): each file
// opens contexts of its own in it and closes them when it is done, and the last test closes the
// browser (tests/support/close-browsers.ts, preloaded by bunfig.toml).
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { chromium, type Browser } from "playwright-core";

/**
 * The features Playwright turns off (playwright-core's `chromiumSwitches`). Chromium heeds only the
 * last --disable-features it is given, so ours repeats them; tests/e2e/browser.e2e.test.ts checks
 * the installed Playwright asks for no other.
 */
export const PLAYWRIGHT_DISABLED_FEATURES = ["AvoidUnnecessaryBeforeUnloadCheckSync", "DestroyProfileOnBrowserClose", "HttpsUpgrades", "HttpsFirstBalancedModeAutoEnable", "LensOverlay", "MediaRouter", "PaintHolding", "ThirdPartyStoragePartitioning", "AvoidCorsURLLoaderRestartOnRedirect", "TcpPortRandomizationWin", "OptimizationHints", "NetworkTimeServiceQuerying", "AimEnabled", "PreconnectToSearch", "msForceBrowserSignIn", "msEdgeUpdateLaunchServicesPreferredVersion"];
/**
 * The address bar's popups, pages Chromium loads in two renderers of their own for every window it
 * opens (a context opens one, headless too) and that no test ever shows: a fifth of the browser's CPU
 * in the end-to-end runs (docs/decisions.md "The tests' own budget").
 */
export const OMNIBOX_POPUP_FEATURES = ["WebUIOmniboxPopup", "WebUIOmniboxAimPopup", "WebUIOmniboxFullPopup"];

export const CHROMIUM_FLAGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync", `--disable-features=${[...PLAYWRIGHT_DISABLED_FEATURES, ...OMNIBOX_POPUP_FEATURES].join(",")}`];

/** `extraArgs`: more Chromium switches, such as a host resolver rule that maps a LAN name here. */
export function launchChromium(extraArgs: string[] = []): Promise<Browser> {
  return chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", headless: true, args: [...CHROMIUM_FLAGS, ...extraArgs] });
}

/** This process's browsers, by their extra switches. */
const shared = new Map<string, Promise<Browser>>();

/**
 * The process's Chromium with these extra switches, launched on first use (or again, if it died).
 * Launching one for every file cost more than a second each on two cores; a context is as fresh a
 * device as a new browser (its own storage, cookies and cache).
 */
export async function sharedChromium(extraArgs: string[] = []): Promise<Browser> {
  const key = extraArgs.join(" ");
  const running = shared.get(key);
  if (running) {
    const browser = await running.catch(() => null);
    if (browser?.isConnected()) return browser;
  }
  const launched = launchChromium(extraArgs);
  shared.set(key, launched);
  return launched;
}

/**
 * Closes every context a file left open in a shared browser: its pages would otherwise go on
 * reconnecting to the file's stopped server through the files after it. Files run one at a time.
 */
export async function closeContexts(browser: Browser | undefined): Promise<void> {
  if (browser?.isConnected()) await Promise.all(browser.contexts().map((context) => context.close().catch(() => {})));
}

/** Closes every shared browser: once, after the process's last test. */
export async function closeSharedChromium(): Promise<void> {
  const all = [...shared.values()];
  shared.clear();
  await Promise.all(all.map((launched) => launched.then((browser) => browser.close()).catch(() => {})));
}

/** Where the suites write screenshots (in `folder` under it, when given); printed so a person can look. */
export function screenshotDir(folder = ""): string {
  const dir = join(import.meta.dir, "../../test-artifacts/screens", folder);
  mkdirSync(dir, { recursive: true });
  return dir;
}
