// One end-to-end file's setup: the real app on port 0 with the sources the file asks for, the
// process's shared Chromium with any extra switches (tests/support/browser.ts), and pages that run
// the file's init script and record every uncaught error (hydration mismatches included).
import { afterAll, beforeAll } from "bun:test";
import type { Browser, BrowserContextOptions, Page } from "playwright-core";
import type { AppOverrides } from "../../src/app";
import type { Question } from "../../src/game/types";
import type { AnswerJudge, QuestionSource } from "../../src/lobbies/seams";
import { startTestApp, type TestApp } from "./app";
import { closeContexts, sharedChromium, screenshotDir } from "./browser";
import { device, PHONE, type Device } from "./phones";
import { questionsFrom, type Seat } from "./rest";

export interface E2eOptions {
  /** served in order (a list) or as the source picks them; omitted, the app runs its own sources as shipped (the lobby's own questions, the offline bank) */
  questions?: readonly Question[] | QuestionSource;
  /** how answers are judged; omitted, the app's own judge */
  judge?: AnswerJudge;
  /** the app's other seams: a fake clock, faked network interfaces */
  overrides?: Omit<AppOverrides, "questions" | "judge">;
  /** the app's environment, over the test defaults (tests/support/app.ts) */
  env?: Record<string, string>;
  /** false when the file runs its own server (a child process it kills and restarts) */
  app?: boolean;
  /** JavaScript every page `open` or `device` makes runs before the page's own */
  initScript?: string;
  /** a folder of its own under the screenshots folder */
  shotsFolder?: string;
  /** more Chromium switches, such as a host resolver rule that maps a LAN name here */
  browserArgs?: string[];
}

export interface E2eSuite {
  /** the running app's address, usable once the file's beforeAll has run (so it can be destructured before) */
  readonly app: { readonly url: string };
  /** the running app itself (its service, its data folder) */
  server(): TestApp;
  /** the browser, for helpers that open their own contexts (tests/support/phones.ts); read it inside a test */
  readonly browser: Browser;
  /** uncaught errors in any page opened with `open`: a game should raise none */
  readonly pageErrors: string[];
  /** where screenshots go */
  readonly shots: string;
  /** a page in a new browser context (its own storage), with a 10 s default timeout */
  open(options?: BrowserContextOptions): Promise<Page>;
  /** a player's device on the suite's app (tests/support/phones.ts `device`) */
  device(code: string, seat: Seat | null, path: string, options?: object): Promise<Device>;
}

/** Registers the file's beforeAll (app, the process's browser) and afterAll (its contexts closed, the app stopped). */
export function useE2eSuite(options: E2eOptions = {}): E2eSuite {
  let running: TestApp | undefined;
  let browser: Browser | undefined;
  const pageErrors: string[] = [];
  const shots = screenshotDir(options.shotsFolder);
  const started = <T>(value: T | undefined, what: string): T => {
    if (value === undefined) throw new Error(`no ${what}: useE2eSuite's beforeAll has not run${what === "app" && options.app === false ? ", and this suite runs its own server" : ""}`);
    return value;
  };
  const { questions, judge } = options;

  beforeAll(async () => {
    if (options.app !== false) {
      const source = questions === undefined ? {} : { questions: "pick" in questions ? questions : questionsFrom(questions) };
      running = await startTestApp(options.env, { ...options.overrides, ...source, ...(judge ? { judge } : {}) });
    }
    browser = await sharedChromium(options.browserArgs);
    console.log(`screenshots: ${shots}`);
  });
  afterAll(async () => {
    await closeContexts(browser);
    await running?.dispose();
  });

  return {
    app: {
      get url() {
        return started(running, "app").url;
      },
    },
    server: () => started(running, "app"),
    get browser() {
      return started(browser, "browser");
    },
    pageErrors,
    shots,
    async open(contextOptions = {}) {
      const context = await started(browser, "browser").newContext(contextOptions);
      if (options.initScript) await context.addInitScript({ content: options.initScript });
      const page = await context.newPage();
      page.on("pageerror", (err) => pageErrors.push(`${page.url()}: ${err.message}`));
      page.setDefaultTimeout(10_000);
      return page;
    },
    device: (code, seat, path, contextOptions = PHONE) => device(started(browser, "browser"), started(running, "app").url, code, seat, path, contextOptions, options.initScript),
  };
}
