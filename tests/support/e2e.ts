// One end-to-end file's setup: the real app on port 0 serving a fixed list of questions (or its own
// sources), Debian's Chromium, and pages that record every uncaught error (hydration mismatches included).
import { afterAll, beforeAll } from "bun:test";
import type { Browser, Page } from "playwright-core";
import type { Question } from "../../src/game/types";
import { startTestApp, type TestApp } from "./app";
import { launchChromium, screenshotDir } from "./browser";

export interface E2eSuite {
  /** the running app, usable once the file's beforeAll has run */
  readonly app: { readonly url: string };
  /** uncaught errors in any page opened with `open`: a game should raise none */
  readonly pageErrors: string[];
  /** where screenshots go */
  readonly shots: string;
  /** a page in a new browser context (its own storage), with a 10 s default timeout */
  open(options: object): Promise<Page>;
}

/**
 * Registers the file's beforeAll (app, browser) and afterAll (both closed). The app serves these
 * questions, in order; with null it runs its own sources as shipped (the lobby's own questions, the
 * offline bank, the local judge).
 */
export function useE2eSuite(questions: Question[] | null): E2eSuite {
  let running: TestApp | undefined;
  let browser: Browser | undefined;
  const pageErrors: string[] = [];
  const shots = screenshotDir();
  const started = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error("the suite has not started (useE2eSuite's beforeAll has not run)");
    return value;
  };

  beforeAll(async () => {
    running = await startTestApp({}, questions ? { questions: { pick: async ({ count }) => questions.slice(0, count) } } : {});
    browser = await launchChromium();
    console.log(`screenshots: ${shots}`);
  });
  afterAll(async () => {
    await browser?.close();
    await running?.dispose();
  });

  return {
    app: {
      get url() {
        return started(running).url;
      },
    },
    pageErrors,
    shots,
    async open(options) {
      const page = await (await started(browser).newContext(options)).newPage();
      page.on("pageerror", (err) => pageErrors.push(`${page.url()}: ${err.message}`));
      page.setDefaultTimeout(10_000);
      return page;
    },
  };
}
