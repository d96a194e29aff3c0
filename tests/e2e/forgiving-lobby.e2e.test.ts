// The lobby and its host forgive slips (docs/decisions.md "The game explains itself and forgives slips: the lobby, home page and host actions"), in real
// Chromium on a phone and a desktop, acted as people do: Start Game's reason and the settings as
// typed, the confirmation before End Lobby, Kick and Leave Lobby, the quizmaster, long names. Each
// changed screen is checked with axe and photographed (tests/support/slips.ts).
import { describe, expect, test } from "bun:test";
import { createLobby, joinLobby, teamSelect } from "../support/rest";
import { live } from "../support/phones";
import { DESKTOP, PHONE, useSlipsSuite, VIEWPORTS } from "../support/slips";

const { suite, open, seated, look, party, lobbyPlayers } = useSlipsSuite();

describe("Start Game", () => {
  for (const [size, viewport] of VIEWPORTS) {
    test(`says why it waits beside it, then starts with the settings as typed, unsaved (${size})`, async () => {
      const { code, hana, ravi, rue } = await party();
      // Ravi and Rue move to blue: nobody is left on red.
      await teamSelect(suite.app, ravi, "blue");
      await teamSelect(suite.app, rue, "blue");
      const host = await seated(hana, code, `/lobby/${code}`, viewport);
      const start = host.getByRole("button", { name: "Start Game" });
      await expect(start.isDisabled()).resolves.toBe(true);
      // Written on screen, not only told to screen readers.
      const reason = host.getByText("Red Team needs a player", { exact: true });
      await expect(reason.isVisible()).resolves.toBe(true);
      await look(host, `lobby-start-reason-${size}`);
      // Rue goes back, the first on red and so its captain: Start Game is ready.
      await teamSelect(suite.app, rue, "red");
      await reason.waitFor({ state: "detached" });

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

describe("quizmaster", () => {
  test("the host sits out of both teams: the lobby says so, the game runs, the quizmaster never answers", async () => {
    const { code, hana, bo } = await party();
    const host = await seated(hana, code, `/lobby/${code}`, DESKTOP);
    const friend = await seated(bo, code, `/lobby/${code}`, PHONE);
    await host.getByRole("button", { name: "Sit out as quizmaster" }).click();
    for (const page of [host, friend]) {
      const card = page.getByRole("region", { name: "Quizmaster" });
      await card.getByText("sits out of both teams and runs the game").waitFor();
      await card.getByText("Hana").waitFor();
    }
    await host.getByText("Blue Team (1/8)").waitFor();
    await host.getByText("To play, join a team with its buttons above.").waitFor();
    await look(host, "quizmaster-lobby-desktop");
    await look(friend, "quizmaster-lobby-phone");

    // Bo, left alone on blue, and Ravi captain their teams by themselves.
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
  test("long names wrap between words in the host's row of buttons on a phone", async () => {
    const { code, ...hana } = await createLobby(suite.app, "Hana");
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

  test("no page raised an uncaught error", () => {
    expect(suite.pageErrors).toEqual([]);
  });
});
