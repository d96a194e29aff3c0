// Issue 20, the lobby, home page and host actions (DESIGN 3, "The game explains itself and forgives
// slips"), in real Chromium on a phone (390x844) and a desktop (1280x800), acted as people do: visible
// text, roles, placeholders. Each changed screen is checked with axe (WCAG 2.1 AA) and photographed.
import { describe, expect, test } from "bun:test";
import { join } from "node:path";
import type { Page } from "playwright-core";
import type { Question } from "../../src/game/types";
import { axeViolations } from "../support/a11y";
import { useE2eSuite } from "../support/e2e";
import { createLobby, joinLobby, startGame, startRound, submit, teamSelect, type Seat } from "../support/party";
import { live } from "../support/phones";

const QUESTIONS: Question[] = [
  { category: "Space", question: "Which planet is known as the Red Planet?", answer: "Mars", aliases: [] },
  { category: "Geography", question: "What is the capital of Canada?", answer: "Ottawa", aliases: [] },
  { category: "Music", question: "How many strings does a standard violin have?", answer: "Four", aliases: ["4"] },
  { category: "Animals", question: "What is the largest living bird?", answer: "Ostrich", aliases: [] },
];

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
const DESKTOP = { viewport: { width: 1280, height: 800 } };
const VIEWPORTS = [
  ["phone", PHONE],
  ["desktop", DESKTOP],
] as const;

const suite = useE2eSuite(QUESTIONS);
const { open, pageErrors } = suite;

/** A page holding `seat` (as a finished join leaves it), opened at `path`; live when it is a lobby or game page. */
async function seated(seat: Seat | null, code: string, path: string, options: object): Promise<Page> {
  const page = await open(options);
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
async function party(captains = true) {
  const { code, seat: hana } = await createLobby(suite.app, "Hana");
  const ravi = await joinLobby(suite.app, code, "Ravi");
  const bo = await joinLobby(suite.app, code, "Bo");
  const rue = await joinLobby(suite.app, code, "Rue");
  if (captains) {
    await teamSelect(suite.app, hana, "blue", true);
    await teamSelect(suite.app, ravi, "red", true);
  }
  return { code, hana, ravi, bo, rue };
}

const lobbyPlayers = async (code: string): Promise<string[]> => {
  const res = await fetch(`${suite.app.url}/api/lobby/${code}`);
  const data = (await res.json()).data;
  return [...data.blueTeam, ...data.redTeam].map((p: { name: string }) => p.name);
};

describe("Start Game", () => {
  for (const [size, viewport] of VIEWPORTS) {
    test(`says why it waits beside it, then starts with the settings as typed, unsaved (${size})`, async () => {
      const { code, hana, ravi } = await party(false);
      const host = await seated(hana, code, `/lobby/${code}`, viewport);
      const start = host.getByRole("button", { name: "Start Game" });
      await expect(start.isDisabled()).resolves.toBe(true);
      // Written on screen, not only told to screen readers.
      const reason = host.getByText("Both teams need a captain", { exact: true });
      await expect(reason.isVisible()).resolves.toBe(true);
      await teamSelect(suite.app, hana, "blue", true);
      await host.getByText("Red Team needs a captain", { exact: true }).waitFor();
      await look(host, `lobby-start-reason-${size}`);
      await teamSelect(suite.app, ravi, "red", true);
      await host.getByText("Red Team needs a captain").waitFor({ state: "detached" });

      // Typed, never saved with Update Settings: Start Game saves them first.
      await host.getByLabel("Rounds").fill("3");
      await host.getByLabel("Round Limit").fill("25");
      await start.click();
      await host.waitForURL(new RegExp(`/game/${code}$`));
      await host.getByText("Round 1/3").waitFor();
      await host.getByRole("button", { name: "Start Round" }).click();
      await host.getByText(/Time left: 2[45]s/).waitFor();
      await host.context().close();
    }, 60_000);
  }
});

describe("confirmation before what cannot be undone", () => {
  for (const [size, viewport] of VIEWPORTS) {
    test(`End Lobby, Kick and Leave Lobby ask once; Escape and Cancel keep everything (${size})`, async () => {
      const { code, hana, bo } = await party();
      const host = await seated(hana, code, `/lobby/${code}`, viewport);
      const friend = await seated(bo, code, `/lobby/${code}`, viewport);

      // End Lobby: Escape cancels, focus goes back to the button, the lobby is still there.
      const endButton = host.getByRole("button", { name: "End Lobby" });
      await endButton.click();
      const endDialog = host.getByRole("dialog", { name: "End the lobby for everyone?" });
      await endDialog.waitFor();
      await endDialog.getByText("Every player is sent home").waitFor();
      await expect(host.evaluate(() => document.activeElement?.textContent)).resolves.toBe("Cancel");
      // The page behind is inert: Tab reaches the dialog's buttons and never a control of the page
      // (past the last one a modal <dialog> lets focus go to the browser's own controls, not the page).
      const reached: string[] = [];
      for (let i = 0; i < 6; i++) {
        await host.keyboard.press("Tab");
        const at = await host.evaluate(() => {
          const el = document.activeElement;
          if (!el || el === document.body) return "(browser)";
          return el.closest("dialog[open]") ? el.textContent : `outside: ${el.textContent}`;
        });
        reached.push(at ?? "");
      }
      expect(reached.filter((r) => r.startsWith("outside"))).toEqual([]);
      expect(reached).toContain("End Lobby");
      await look(host, `confirm-end-lobby-${size}`);
      await host.keyboard.press("Escape");
      await endDialog.waitFor({ state: "detached" });
      await expect(endButton.evaluate((b) => b === document.activeElement)).resolves.toBe(true);
      expect(await lobbyPlayers(code)).toContain("Bo");

      // Kick: Cancel keeps Rue; Kick removes her.
      await host.getByRole("button", { name: "Kick Rue" }).click();
      const kickDialog = host.getByRole("dialog", { name: "Kick Rue?" });
      await look(host, `confirm-kick-${size}`);
      await kickDialog.getByRole("button", { name: "Cancel" }).click();
      await kickDialog.waitFor({ state: "detached" });
      expect(await lobbyPlayers(code)).toContain("Rue");
      await host.getByRole("button", { name: "Kick Rue" }).click();
      await kickDialog.getByRole("button", { name: "Kick", exact: true }).click();
      await host.getByRole("button", { name: "Kick Rue" }).waitFor({ state: "detached" });
      expect(await lobbyPlayers(code)).not.toContain("Rue");

      // Leave Lobby: the friend is asked, confirms, and goes home.
      await friend.getByRole("button", { name: "Leave Lobby" }).click();
      const leaveDialog = friend.getByRole("dialog", { name: "Leave the lobby?" });
      await look(friend, `confirm-leave-${size}`);
      await friend.keyboard.press("Escape");
      await leaveDialog.waitFor({ state: "detached" });
      expect(await lobbyPlayers(code)).toContain("Bo");
      await friend.getByRole("button", { name: "Leave Lobby" }).click();
      await leaveDialog.getByRole("button", { name: "Leave Lobby" }).click();
      await friend.waitForURL(`${suite.app.url}/`);
      expect(await lobbyPlayers(code)).not.toContain("Bo");

      // End Lobby, confirmed: the host goes home.
      await endButton.click();
      await endDialog.getByRole("button", { name: "End Lobby" }).click();
      await host.waitForURL(`${suite.app.url}/`);
      const gone = await fetch(`${suite.app.url}/api/lobby/${code}`);
      expect(gone.status).toBe(404);
      await host.context().close();
      await friend.context().close();
    }, 60_000);
  }
});

describe("the host ends a running game", () => {
  test("after a round: confirmed, everyone sees the summary with the scores so far, then the lobby", async () => {
    const { code, hana, ravi, bo } = await party();
    await startGame(suite.app, hana, 4, 30);
    const host = await seated(hana, code, `/game/${code}`, DESKTOP);
    const friend = await seated(bo, code, `/game/${code}`, PHONE);
    const { roundNumber } = await startRound(suite.app, hana);
    await submit(suite.app, hana, roundNumber, "Mars");
    await submit(suite.app, ravi, roundNumber, "Venus");
    await host.getByText("Round 1 Results").waitFor();
    await friend.getByText("Round 1 Results").waitFor();
    // A player has no such control.
    expect(await friend.getByRole("button", { name: "End Game" }).count()).toBe(0);
    await look(host, "game-end-control-desktop");

    await host.getByRole("button", { name: "End Game" }).click();
    const dialog = host.getByRole("dialog", { name: "End the game for everyone?" });
    await dialog.getByText("summary of the 1 round played so far").waitFor();
    await look(host, "confirm-end-game-desktop");
    await host.keyboard.press("Escape");
    await dialog.waitFor({ state: "detached" });
    await host.getByText("Round 1 Results").waitFor();

    await host.getByRole("button", { name: "End Game" }).click();
    await dialog.getByRole("button", { name: "End Game" }).click();
    for (const page of [host, friend]) {
      await page.getByRole("heading", { name: "Game Complete!" }).waitFor();
      await page.getByText("The host ended the game").waitFor();
      await page.getByText("Blue team wins!").waitFor();
      await page.getByRole("list", { name: "Round Summary" }).getByText("Which planet is known as the Red Planet?").waitFor();
    }
    await host.getByText("Round 1/1").waitFor();
    await look(friend, "game-ended-summary-phone");
    expect(await host.getByRole("button", { name: "End Game" }).count()).toBe(0);
    await host.getByRole("button", { name: "Return to Lobby" }).click();
    await host.waitForURL(new RegExp(`/lobby/${code}$`));
    await friend.waitForURL(new RegExp(`/lobby/${code}$`));
    await host.context().close();
    await friend.context().close();
  }, 60_000);

  test("before any round was scored, on a phone: everyone goes straight back to the lobby", async () => {
    const { code, hana, bo } = await party();
    await startGame(suite.app, hana, 20, 30);
    const host = await seated(hana, code, `/game/${code}`, PHONE);
    const friend = await seated(bo, code, `/game/${code}`, PHONE);
    await host.getByRole("button", { name: "Start Round" }).click();
    await friend.getByText("Which planet is known as the Red Planet?").waitFor();
    await host.getByRole("button", { name: "End Game" }).click();
    const dialog = host.getByRole("dialog", { name: "End the game for everyone?" });
    await dialog.getByText("No round has been scored yet").waitFor();
    await look(host, "confirm-end-game-phone");
    await dialog.getByRole("button", { name: "End Game" }).click();
    await host.waitForURL(new RegExp(`/lobby/${code}$`));
    await friend.waitForURL(new RegExp(`/lobby/${code}$`));
    await host.getByRole("button", { name: "Start Game" }).waitFor();
    await host.context().close();
    await friend.context().close();
  }, 60_000);
});

describe("a device that still holds a seat", () => {
  test("Back from the lobby: the home page offers 'Back to CODE as NAME', and it keeps the same seat (phone)", async () => {
    const { code } = await party();
    const priya = await open(PHONE);
    await priya.goto(`${suite.app.url}/?join=${code}`);
    await priya.getByRole("dialog").getByPlaceholder("Enter your name").fill("Priya");
    await priya.getByRole("dialog").getByRole("button", { name: "Join" }).click();
    await priya.waitForURL(new RegExp(`/lobby/${code}$`));
    await live(priya);
    // Chromium skips a page never touched on Back (docs/decisions.md), so she looks at the chat first.
    await priya.getByLabel("Chat message").fill("hi");
    await priya.goBack();
    await priya.waitForURL(`${suite.app.url}/`);
    const back = priya.getByRole("link", { name: `Back to ${code} as Priya` });
    await back.waitFor();
    // As drawn, spaces and all (a flex box would drop the space before the name).
    expect(await back.innerText()).toBe(`Back to ${code} as Priya`);
    await look(priya, "home-back-to-seat-phone");

    // The same link scanned again: the join dialog offers the way back, not a name field.
    await priya.goto(`${suite.app.url}/?join=${code}`);
    const dialog = priya.getByRole("dialog", { name: "Join Lobby" });
    await dialog.getByText(`This device still has a seat in lobby ${code}.`).waitFor();
    await dialog.getByRole("link", { name: `Back to ${code} as Priya` }).waitFor();
    expect(await dialog.getByPlaceholder("Enter your name").count()).toBe(0);
    await look(priya, "join-dialog-back-to-seat-phone");
    await dialog.getByRole("link", { name: `Back to ${code} as Priya` }).click();
    await priya.waitForURL(new RegExp(`/lobby/${code}$`));
    await live(priya);
    await priya.getByText("YOU").waitFor();
    expect((await lobbyPlayers(code)).filter((n) => n.startsWith("Priya"))).toEqual(["Priya"]);
    await priya.context().close();
  }, 60_000);

  test("typing the code and one's own name again in the join card goes back to the seat (desktop)", async () => {
    const { code, bo } = await party();
    const page = await seated(bo, code, "/", DESKTOP);
    await page.getByRole("link", { name: `Back to ${code} as Bo` }).waitFor();
    await page.getByPlaceholder("ABCD").fill(code);
    await page.locator("#join-name").fill("bo");
    await look(page, "home-back-to-seat-desktop");
    await page.getByRole("button", { name: "Join", exact: true }).click();
    await page.waitForURL(new RegExp(`/lobby/${code}$`));
    await live(page);
    expect(await page.getByText("That name is taken").count()).toBe(0);
    expect((await lobbyPlayers(code)).filter((n) => n.toLowerCase() === "bo")).toEqual(["Bo"]);
    await page.context().close();
  }, 60_000);

  test("a /game/CODE link opened without a seat opens the join dialog (phone and desktop)", async () => {
    const { code, hana } = await party();
    await startGame(suite.app, hana, 3, 30);
    for (const [size, viewport] of VIEWPORTS) {
      const page = await open(viewport);
      await page.goto(`${suite.app.url}/game/${code}`);
      await page.getByRole("dialog", { name: "Join Lobby" }).getByText(`Enter your name to join lobby ${code}.`).waitFor();
      await look(page, `game-link-join-dialog-${size}`);
      await page.context().close();
    }
  }, 60_000);
});

describe("quizmaster", () => {
  test("the host sits out of both teams: the lobby says so, the game runs, the quizmaster never answers", async () => {
    const { code, hana, ravi, bo } = await party(false);
    const host = await seated(hana, code, `/lobby/${code}`, DESKTOP);
    const friend = await seated(bo, code, `/lobby/${code}`, PHONE);
    await host.getByRole("button", { name: "Sit out as quizmaster" }).click();
    for (const page of [host, friend]) {
      const card = page.getByRole("region", { name: "Quizmaster" });
      await card.getByText("sits out of both teams and runs the game").waitFor();
      await card.getByText("Hana").waitFor();
    }
    await host.getByText("Blue Team (1/8)").waitFor();
    await host.getByText("To play, join a team below.").waitFor();
    await look(host, "quizmaster-lobby-desktop");
    await look(friend, "quizmaster-lobby-phone");

    await teamSelect(suite.app, bo, "blue", true);
    await teamSelect(suite.app, ravi, "red", true);
    await host.getByLabel("Rounds").fill("2");
    await host.getByRole("button", { name: "Start Game" }).click();
    await host.waitForURL(new RegExp(`/game/${code}$`));
    await friend.waitForURL(new RegExp(`/game/${code}$`));
    await live(host);
    await host.getByRole("button", { name: "Start Round" }).click();
    await host.getByText("You are the quizmaster: the teams answer, you run the game.").waitFor();
    expect(await host.getByPlaceholder("Type your team answer").count()).toBe(0);
    expect(await host.getByRole("button", { name: "Steal" }).count()).toBe(0);
    // Room chat only.
    expect(await host.getByRole("button", { name: "Team", exact: true }).count()).toBe(0);
    await friend.getByPlaceholder("Type your team answer").fill("Mars");
    await friend.getByRole("button", { name: "Submit" }).click();
    await host.getByText("Blue: locked in").waitFor();
    await host.getByText("Red: thinking...").waitFor();
    await look(host, "quizmaster-round-desktop");
    await host.setViewportSize(PHONE.viewport);
    await look(host, "quizmaster-round-phone");
    // The shared screen carries on as before: the question and which team has locked.
    for (const [w, h] of [[1920, 1080], [1280, 720]] as const) {
      const tv = await open({ viewport: { width: w, height: h } });
      await tv.goto(`${suite.app.url}/tv/${code}`);
      await tv.getByText("Which planet is known as the Red Planet?").waitFor();
      await tv.getByText("Blue: locked in ✔").waitFor();
      await look(tv, `quizmaster-tv-${w}x${h}`);
      await tv.context().close();
    }
    await host.context().close();
    await friend.context().close();
  }, 60_000);
});

describe("smaller slips", () => {
  test("a phone's player list is grouped by team, in words", async () => {
    const { code, hana, bo } = await party();
    await startGame(suite.app, hana, 2, 30);
    const phone = await seated(bo, code, `/game/${code}`, PHONE);
    const blue = phone.getByRole("list", { name: "Blue team players" });
    const red = phone.getByRole("list", { name: "Red team players" });
    await expect(blue.getByRole("listitem").allInnerTexts()).resolves.toEqual([expect.stringContaining("Hana"), expect.stringContaining("Bo")]);
    await expect(red.getByRole("listitem").allInnerTexts()).resolves.toEqual([expect.stringContaining("Ravi"), expect.stringContaining("Rue")]);
    await look(phone, "game-grouped-players-phone");
    await phone.context().close();
  }, 60_000);

  test("long names wrap between words in the host's row of buttons on a phone", async () => {
    const { code, seat: hana } = await createLobby(suite.app, "Hana");
    await joinLobby(suite.app, code, "Maximiliana Featherstone Ravens");
    const host = await seated(hana, code, `/lobby/${code}`, PHONE);
    const name = host.getByText("Maximiliana Featherstone Ravens", { exact: true });
    await name.waitFor();
    // Every word sits on one line: no word is broken across two.
    const broken = await name.evaluate((el) => {
      const text = el.firstChild!;
      const words: string[] = [];
      let at = 0;
      for (const word of text.textContent!.split(" ")) {
        const range = document.createRange();
        range.setStart(text, at);
        range.setEnd(text, at + word.length);
        const lines = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
        if (lines.size > 1) words.push(word);
        at += word.length + 1;
      }
      return words;
    });
    expect(broken).toEqual([]);
    await look(host, "lobby-long-name-phone");
    await host.context().close();
  }, 60_000);

  test("'Could not reach the server' goes once the connection is back (phone)", async () => {
    const { code, rue } = await party();
    const page = await seated(rue, code, `/lobby/${code}`, PHONE);
    await page.context().setOffline(true);
    await page.locator(".status-bar[data-state=offline]").waitFor({ state: "attached" });
    await page.getByRole("button", { name: "Join as Member" }).click();
    const refusal = page.getByRole("alert").filter({ hasText: "Could not reach the server" });
    await refusal.waitFor();
    await page.context().setOffline(false);
    await live(page);
    await refusal.waitFor({ state: "detached" });
    await page.context().close();
  }, 60_000);

  test("no page raised an uncaught error", () => {
    expect(pageErrors).toEqual([]);
  });
});
