// A whole game in real Chromium, driven as people would: by visible text, roles and placeholders.
// The host plays on a desktop viewport, a friend on a phone. It is played twice: over WebSockets,
// and with window.WebSocket removed from every page, so the fallback (server-sent events + POST)
// carries it.
import { afterEach, expect, test } from "bun:test";
import { join } from "node:path";
import type { BrowserContext, Page } from "playwright-core";
import type { Question } from "../../src/game/types";
import { useE2eSuite } from "../support/e2e";
import { DESKTOP, PHONE } from "../support/phones";
import { STREAM_PATH } from "../../src/shared/wire";

const QUESTIONS: Question[] = [
  { category: "Space", question: "Which planet is known as the Red Planet?", answer: "Mars", aliases: [] },
  { category: "Science", question: "What gas do plants take in from the air to make food?", answer: "Carbon dioxide", aliases: ["CO2"] },
];

/** pageErrors: uncaught errors in any page, hydration mismatches included: a game should raise none. */
const suite = useE2eSuite({ questions: QUESTIONS });
const { app, pageErrors, shots } = suite;

type Mode = "websocket" | "fallback";
/** what the pages of the current run opened: WebSockets and fallback streams */
let opened = { websockets: 0, streams: 0 };
let mode: Mode = "websocket";

async function shot(page: Page, name: string) {
  await page.screenshot({ path: join(shots, `${mode === "fallback" ? "fallback-" : ""}${name}.png`), fullPage: true });
}

/** The contexts of the current run, closed after it so no page of one run talks during the next. */
let contexts: BrowserContext[] = [];

/**
 * Waits until the page is at `url`. A page may be sent to the same address twice in a row (a
 * button's own navigation and a realtime event's), which aborts the first load: waitForURL reports
 * that as an error, so it then waits for the second.
 */
async function arrive(page: Page, url: string | RegExp): Promise<void> {
  await page.waitForURL(url).catch((err: unknown) => {
    if (!String(err).includes("ERR_ABORTED")) throw err;
    return page.waitForURL(url);
  });
}

async function open(options: object): Promise<Page> {
  const page = await suite.open(options);
  contexts.push(page.context());
  const tally = opened;
  // A network that blocks WebSockets, as the page sees it: no WebSocket at all (from the first navigation on).
  if (mode === "fallback") await page.context().addInitScript(() => Reflect.deleteProperty(window, "WebSocket"));
  page.on("websocket", () => tally.websockets++);
  page.on("request", (req) => {
    if (req.method() === "GET" && new URL(req.url()).pathname === STREAM_PATH) tally.streams++;
  });
  return page;
}

afterEach(async () => {
  for (const context of contexts.splice(0)) await context.close();
});

for (const run of ["websocket", "fallback"] as const) {
  test(`a host and a friend on a phone play a whole game (${run === "websocket" ? "WebSockets" : "window.WebSocket removed: the fallback"})`, async () => {
    mode = run;
    opened = { websockets: 0, streams: 0 };
    pageErrors.length = 0;
    const host = await open(DESKTOP);
    await host.goto(app.url + "/");
    await shot(host, "01-home-desktop");
    await host.getByRole("button", { name: "Host" }).isDisabled();
    expect(await host.getByRole("button", { name: "Host" }).isDisabled()).toBe(true);
    await host.locator("#host-name").fill("Hana");
    await host.getByRole("button", { name: "Host" }).click();
    await arrive(host, /\/lobby\/[A-Z0-9]{4}$/);
    const code = host.url().split("/").pop()!;
    await host.getByText("Blue Team (1/8)").waitFor();

    const friend = await open(PHONE);
    await friend.goto(`${app.url}/?join=${code.toLowerCase()}`);
    await friend.getByRole("form", { name: `Join lobby ${code}` }).getByPlaceholder("Enter your name").waitFor();
    // The invite page keeps its address: a reload shows the same form.
    expect(friend.url()).toBe(`${app.url}/?join=${code.toLowerCase()}`);
    await shot(friend, "02-invite-phone");
    await friend.getByRole("form", { name: /^Join lobby/ }).getByPlaceholder("Enter your name").fill("Rio");
    await friend.getByRole("form", { name: /^Join lobby/ }).getByRole("button", { name: "Join" }).click();
    await arrive(friend, new RegExp(`/lobby/${code}$`));
    await host.getByText("Red Team (1/8)").waitFor();

    // Captains: one each, by themselves (the first on each team); Start Game is ready.
    await host.locator(".team.red-t .badge.gold").waitFor();
    await host.getByRole("button", { name: "Start Game" }).and(host.locator(":enabled")).waitFor();

    // Settings: only the host edits them; the friend sees them follow.
    expect(await friend.getByRole("button", { name: "Update Settings" }).count()).toBe(0);
    await host.getByLabel("Rounds").fill("2");
    await host.getByPlaceholder("Add category").fill("Space");
    await host.getByPlaceholder("Add category").press("Enter");
    await host.getByRole("button", { name: "Update Settings" }).click();
    await friend.getByText("Space").first().waitFor();
    expect(await friend.getByLabel("Rounds").inputValue()).toBe("2");

    // Team chat stays in the team; room chat reaches everyone.
    await host.getByRole("button", { name: "Team", exact: true }).click();
    await host.getByPlaceholder("Type a team message...").fill("blue secret: we steal round two");
    await host.getByPlaceholder("Type a team message...").press("Enter");
    await host.getByText("blue secret: we steal round two").waitFor();
    await host.getByRole("button", { name: "All", exact: true }).click();
    await host.getByPlaceholder("Type a room message...").fill("good luck, red!");
    await host.getByRole("button", { name: "Send" }).click();
    await friend.getByText("good luck, red!").waitFor();
    expect(await friend.getByText("blue secret").count()).toBe(0);
    await shot(host, "03-lobby-host-desktop");
    await shot(friend, "04-lobby-friend-phone");

    // The game.
    await host.getByRole("button", { name: "Start Game" }).click();
    await arrive(host, new RegExp(`/game/${code}$`));
    await arrive(friend, new RegExp(`/game/${code}$`));
    await friend.getByText("Waiting for host").waitFor();
    await shot(host, "05-game-idle-host");
    await host.getByRole("button", { name: "Start Round" }).click();
    await host.getByText(QUESTIONS[0]!.question).waitFor();
    await friend.getByText(QUESTIONS[0]!.question).waitFor();
    await friend.getByText(/Time left: \d+s/).waitFor();
    await shot(friend, "06-question-phone");

    // Round 1: blue answers right, red steals: red takes +2.
    await host.getByPlaceholder("Type your team answer").fill("mars");
    await host.getByRole("button", { name: "Submit" }).click();
    await host.getByText("Answer locked").waitFor();
    await shot(host, "07-answered-host");
    await friend.getByRole("button", { name: "Steal" }).click();
    await host.getByText("Round 1 Results").waitFor();
    await friend.getByText("Round 1 Results").waitFor();
    await friend.getByText("Correct Answer:").waitFor();
    await friend.getByText("Red team wins!").waitFor();
    await shot(host, "08-results-host");
    await shot(friend, "09-results-phone");

    // Round 2: both answer, blue wrong, red right: red +1.
    await host.getByRole("button", { name: "Next Round" }).click();
    await friend.getByText(QUESTIONS[1]!.question).waitFor();
    await friend.getByPlaceholder("Type your team answer").fill("CO2");
    await friend.getByRole("button", { name: "Submit" }).click();
    await host.getByPlaceholder("Type your team answer").fill("oxygen");
    await host.getByRole("button", { name: "Submit" }).click();
    await host.getByText("Round 2 Results").waitFor();
    expect(await host.getByRole("button", { name: "Next Round" }).count()).toBe(0);
    // The last results stay 15 s; each player may go to the summary sooner.
    for (const page of [host, friend]) {
      await page.getByRole("button", { name: "See the summary" }).click();
      await page.getByText("Game Complete!").waitFor();
    }
    await friend.getByText("Round Summary").waitFor();
    await friend.getByText("Waiting for host to return to lobby").waitFor();
    await shot(host, "10-summary-host");
    await shot(friend, "11-summary-phone");

    await host.getByRole("button", { name: "Return to Lobby" }).click();
    await arrive(host, new RegExp(`/lobby/${code}$`));
    await arrive(friend, new RegExp(`/lobby/${code}$`));

    // Kick: a latecomer is removed by the host and lands on the home page.
    const late = await open(PHONE);
    await late.goto(`${app.url}/?join=${code}`);
    await late.getByRole("form", { name: /^Join lobby/ }).getByPlaceholder("Enter your name").fill("Zed");
    await late.getByRole("form", { name: /^Join lobby/ }).getByRole("button", { name: "Join" }).click();
    await arrive(late, new RegExp(`/lobby/${code}$`));
    await host.getByRole("button", { name: "Kick Zed" }).click();
    await host.getByRole("dialog", { name: "Kick Zed?" }).getByRole("button", { name: "Kick" }).click();
    await arrive(late, `${app.url}/`);

    // Leave, then end: each asks once first.
    await friend.getByRole("button", { name: "Leave Lobby" }).click();
    await friend.getByRole("dialog", { name: "Leave the lobby?" }).getByRole("button", { name: "Leave Lobby" }).click();
    await arrive(friend, `${app.url}/`);
    await host.getByText("Red Team (0/8)").waitFor();
    await host.getByRole("button", { name: "End Lobby" }).click();
    await host.getByRole("dialog", { name: "End the lobby for everyone?" }).getByRole("button", { name: "End Lobby" }).click();
    await arrive(host, `${app.url}/`);
    expect(await host.evaluate(() => localStorage.getItem("gameToken"))).toBeNull();
    expect(pageErrors).toEqual([]);
    // The game went over the transport this run is about, and over it alone.
    if (run === "websocket") expect(opened).toMatchObject({ streams: 0 });
    else expect(opened).toMatchObject({ websockets: 0 });
    expect(run === "websocket" ? opened.websockets : opened.streams).toBeGreaterThan(0);
    console.log(`${run}: ${opened.websockets} WebSockets, ${opened.streams} fallback streams opened`);
  }, 120_000);
}
