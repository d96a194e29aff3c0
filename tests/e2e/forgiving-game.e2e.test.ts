// The game and the home page forgive slips (docs/decisions.md "The game explains itself and forgives slips: the lobby, home page and host actions"), in
// real Chromium on a phone and a desktop, acted as people do: the host ends a running game, a device
// that still holds a seat is offered "Back to CODE as NAME", /game/CODE without a seat opens the join
// dialog, the phones' player list by team, a network refusal cleared on reconnect. Each changed
// screen is checked with axe and photographed (tests/support/slips.ts).
import { describe, expect, test } from "bun:test";
import { startGame, startRound, submit } from "../support/rest";
import { live } from "../support/phones";
import { DESKTOP, PHONE, useSlipsSuite, VIEWPORTS } from "../support/slips";

const { suite, open, seated, look, party, lobbyPlayers } = useSlipsSuite();

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
    await priya.getByRole("form", { name: /^Join lobby/ }).getByPlaceholder("Enter your name").fill("Priya");
    await priya.getByRole("form", { name: /^Join lobby/ }).getByRole("button", { name: "Join" }).click();
    await priya.waitForURL(new RegExp(`/lobby/${code}$`));
    await live(priya);
    // Chromium skips a page never touched on Back (docs/decisions.md), so she looks at the chat first.
    await priya.getByLabel("Chat message").fill("hi");
    await priya.goBack();
    // Back to the invite link's page, which offers the way back instead of the form.
    await priya.waitForURL(`${suite.app.url}/?join=${code}`);
    const back = priya.getByRole("link", { name: `Back to ${code} as Priya` });
    await back.waitFor();
    // As drawn, spaces and all (a flex box would drop the space before the name).
    expect(await back.innerText()).toBe(`Back to ${code} as Priya`);
    await look(priya, "home-back-to-seat-phone");

    // The same link scanned again: the invite page offers the way back, not a name field.
    await priya.goto(`${suite.app.url}/?join=${code}`);
    const dialog = priya.getByRole("region", { name: `Join lobby ${code}` });
    await dialog.getByText(`This device still has a seat in lobby ${code}.`).waitFor();
    await dialog.getByRole("link", { name: `Back to ${code} as Priya` }).waitFor();
    expect(await dialog.getByPlaceholder("Enter your name").count()).toBe(0);
    await look(priya, "invite-back-to-seat-phone");
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
      await page.getByRole("form", { name: `Join lobby ${code}` }).getByPlaceholder("Enter your name").waitFor();
      await look(page, `game-link-join-dialog-${size}`);
      await page.context().close();
    }
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
    expect(suite.pageErrors).toEqual([]);
  });
});
