// The setup shared by the forgiving end-to-end files (tests/e2e/forgiving-*.e2e.test.ts): the app and
// Chromium, a phone (390x844) and a desktop (1280x800), a party seated through the REST API, pages
// that hold a seat, and a look at a screen: axe (WCAG 2.1 AA) finds nothing, and a photograph.
import { expect } from "bun:test";
import { join } from "node:path";
import type { Page } from "playwright-core";
import type { Question } from "../../src/game/types";
import { axeViolations } from "./a11y";
import { useE2eSuite } from "./e2e";
import { createLobby, joinLobby, type Seat } from "./rest";
import { live, PHONE } from "./phones";

const QUESTIONS: Question[] = [
  { category: "Space", question: "Which planet is known as the Red Planet?", answer: "Mars", aliases: [] },
  { category: "Geography", question: "What is the capital of Canada?", answer: "Ottawa", aliases: [] },
  { category: "Music", question: "How many strings does a standard violin have?", answer: "Four", aliases: ["4"] },
  { category: "Animals", question: "What is the largest living bird?", answer: "Ostrich", aliases: [] },
];

export { PHONE };
export const DESKTOP = { viewport: { width: 1280, height: 800 } };
export const VIEWPORTS = [
  ["phone", PHONE],
  ["desktop", DESKTOP],
] as const;

/** Registers the file's app and browser; what its tests use. */
export function useSlipsSuite() {
  const suite = useE2eSuite({ questions: QUESTIONS });

  /** A page holding `seat` (as a finished join leaves it), opened at `path`; live when it is a lobby or game page. */
  async function seated(seat: Seat | null, code: string, path: string, options: object): Promise<Page> {
    const page = await suite.open(options);
    await page.goto(suite.app.url + "/");
    if (seat) await page.evaluate(([token, c]) => (localStorage.setItem("gameToken", token!), localStorage.setItem("lobbyCode", c!)), [seat.token, code]);
    await page.goto(suite.app.url + path);
    if (path.startsWith("/lobby/") || path.startsWith("/game/")) await live(page);
    return page;
  }

  /** axe finds nothing, and a photograph to look at. */
  async function look(page: Page, name: string): Promise<void> {
    await page.evaluate(() => new Promise(requestAnimationFrame));
    await page.screenshot({ path: join(suite.shots, `i20a-${name}.png`), fullPage: true });
    expect(await axeViolations(page)).toEqual([]);
  }

  /** Host Hana creates; Ravi, Bo and Rue join; Hana captains blue, Ravi red unless `captains` is false. */
  /** Hana (host) and Bo on blue, Ravi and Rue on red; Hana and Ravi captain their teams, each the first on it. */
  async function party() {
    const { code, ...hana } = await createLobby(suite.app, "Hana");
    const ravi = await joinLobby(suite.app, code, "Ravi");
    const bo = await joinLobby(suite.app, code, "Bo");
    const rue = await joinLobby(suite.app, code, "Rue");
    return { code, hana, ravi, bo, rue };
  }

  /** Who sits in the lobby now, as the server has it. */
  async function lobbyPlayers(code: string): Promise<string[]> {
    const data = (await (await fetch(`${suite.app.url}/api/lobby/${code}`)).json()).data;
    return [...data.blueTeam, ...data.redTeam].map((p: { name: string }) => p.name);
  }

  return { suite, open: suite.open, seated, look, party, lobbyPlayers };
}
