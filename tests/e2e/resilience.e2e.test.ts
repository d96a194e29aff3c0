// Staying in the game (docs/decisions.md), in real Chromium against the real server: phones that lose their
// wifi mid-round, a host whose phone dies, a latecomer, Back and Forward, a second tab. The others
// act through the REST API; the device under test is driven as a person would, by visible text.
import { afterAll, describe, expect, test } from "bun:test";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { useE2eSuite } from "../support/e2e";
import { exactJudge, type Four, ok, quizQuestion, quizQuestions, type Seat, seatFour, startGame, startRound, submit } from "../support/rest";
import { DESKTOP, live, markDocument, PHONE, sameDocument, type Device } from "../support/phones";

const suite = useE2eSuite({ questions: quizQuestions, judge: exactJudge, env: { HOST_GRACE_S: "2" } });
const { app, shots } = suite;
const opened: Device[] = [];
/** A lost connection must be said within 5 s (docs/decisions.md "Staying in the game"). */
const SAY_LOST_MS = 5_000;

afterAll(() => {
  for (const d of opened) expect(d.errors).toEqual([]);
});

async function open(code: string, seat: Seat | null, path: string, options: object = PHONE): Promise<Device> {
  const d = await suite.device(code, seat, path, options);
  opened.push(d);
  // Acting before the page has joined would race its first look at the lobby.
  if (seat) await live(d.page);
  return d;
}

/** A party of four in a game of `rounds` rounds of 15 s, started. */
async function party(rounds = 5): Promise<Four> {
  const four = await seatFour(app);
  await startGame(app, four.blue1, rounds, 15);
  return four;
}

/** Both teams lock (through the API), so the round ends at once and is judged. */
async function playRound(four: Four, n: number): Promise<void> {
  await startRound(app, four.blue1);
  await submit(app, four.blue1, n, quizQuestion(n).answer);
  await submit(app, four.red1, n, "a wrong guess");
}

const statusBar = (page: Page) => page.locator(".status-bar");
const shot = (page: Page, name: string) => page.screenshot({ path: join(shots, `${name}.png`), animations: "disabled" });

describe("a phone offline mid-round catches up without a reload", () => {
  for (const seconds of [20, 60, 180]) {
    test.concurrent(
      `offline for ${seconds} s`,
      async () => {
        const four = await party();
        const bo = await open(four.code, four.blue2, `/game/${four.code}`);
        await startRound(app, four.blue1);
        await bo.page.getByText(quizQuestion(1).question).waitFor();
        await markDocument(bo.page);

        const lostAt = Date.now();
        await bo.context.setOffline(true);
        await statusBar(bo.page).getByText(/offline|Connection lost/).waitFor({ timeout: SAY_LOST_MS });
        expect(Date.now() - lostAt).toBeLessThan(SAY_LOST_MS);
        if (seconds === 20) await shot(bo.page, "11-offline-phone");

        // The others play on: round 1 ends, round 2 is played, and round 3 opens just before the phone is back.
        // How long the phone stays offline is what is under test, so these waits are real time.
        await submit(app, four.blue1, 1, quizQuestion(1).answer);
        await submit(app, four.red1, 1, "a wrong guess");
        await playRound(four, 2);
        await Bun.sleep(Math.max(0, lostAt + (seconds - 3) * 1000 - Date.now()));
        await startRound(app, four.blue1);
        await Bun.sleep(Math.max(0, lostAt + seconds * 1000 - Date.now()));
        expect(await statusBar(bo.page).textContent()).toMatch(/offline|Connection lost/);

        await bo.context.setOffline(false);
        // Round 3's question, with the scores of rounds 1 and 2, and the status says it is back.
        await bo.page.getByText(quizQuestion(3).question).waitFor();
        await statusBar(bo.page).getByText("Back online").waitFor();
        expect(await bo.page.getByText("Round 3/5").count()).toBe(1);
        expect(await sameDocument(bo.page)).toBe(true);
        // And the round is playable from this phone.
        await bo.page.getByPlaceholder("Type your team answer").fill(quizQuestion(3).answer);
        await bo.page.getByRole("button", { name: "Submit" }).click();
        await bo.page.getByText("Answer locked").waitFor();
        if (seconds === 20) await shot(bo.page, "12-back-online-phone");
        await bo.context.close();
      },
      (seconds + 60) * 1000,
    );
  }
});

describe("the host's phone dies for good", () => {
  test("after the grace period another player becomes host and carries the game to its end", async () => {
    const four = await party(2);
    const hana = await open(four.code, four.blue1, `/game/${four.code}`, DESKTOP);
    const ravi = await open(four.code, four.red1, `/game/${four.code}`);
    await hana.page.getByRole("button", { name: "Start Round" }).click();
    await ravi.page.getByText(quizQuestion(1).question).waitFor();
    await submit(app, four.blue1, 1, quizQuestion(1).answer);
    await ravi.page.getByPlaceholder("Type your team answer").fill("a wrong guess");
    await ravi.page.getByRole("button", { name: "Submit" }).click();
    await ravi.page.getByText("Round 1 Results").waitFor();
    expect(await ravi.page.getByRole("button", { name: "Next Round" }).count()).toBe(0);

    await hana.context.close();
    // HOST_GRACE_S is 2 here: the role passes, everyone is told, and the controls appear at once.
    await ravi.page.getByText("You are now the host").waitFor();
    await shot(ravi.page, "13-new-host-phone");
    await ravi.page.getByRole("button", { name: "Next Round" }).click();
    await ravi.page.getByText(quizQuestion(2).question).waitFor();
    await submit(app, four.blue2, 2, "blue guess");
    await ravi.page.getByRole("button", { name: "Steal" }).click();
    await ravi.page.getByRole("button", { name: "See the summary" }).click();
    await ravi.page.getByText("Game Complete!", { exact: true }).waitFor();
    await ravi.page.getByRole("button", { name: "Return to Lobby" }).click();
    await ravi.page.waitForURL(new RegExp(`/lobby/${four.code}$`));
    await ravi.page.getByText("Host: Ravi").waitFor();
    await ravi.context.close();
  });
});

describe("pages follow the game", () => {
  test("a latecomer through the join link lands in the running game and plays the next round", async () => {
    const four = await party(3);
    await playRound(four, 1);
    const lia = await open(four.code, null, `/?join=${four.code}`);
    await lia.page.getByRole("form", { name: /^Join lobby/ }).getByPlaceholder("Enter your name").fill("Lia");
    await lia.page.getByRole("form", { name: /^Join lobby/ }).getByRole("button", { name: "Join" }).click();
    await lia.page.waitForURL(new RegExp(`/game/${four.code}$`));
    await lia.page.getByText("Round 1 Results").waitFor();
    const lobby = (await (await fetch(`${app.url}/api/lobby/${four.code}`)).json()).data;
    // Seated on the smaller team (blue and red had two each: blue on a tie).
    expect(lobby.blueTeam.map((p: { name: string }) => p.name)).toContain("Lia");
    await startRound(app, four.blue1);
    await lia.page.getByText(quizQuestion(2).question).waitFor();
    await lia.page.getByRole("button", { name: "Steal" }).click();
    await lia.page.getByText("You chose to steal").waitFor();
    await lia.context.close();
  });

  test("Back from the game lands in the game again; Forward too; the page stays live", async () => {
    const four = await seatFour(app);
    const bo = await open(four.code, four.blue2, `/lobby/${four.code}`);
    await bo.page.getByText("Blue Team (2/8)").waitFor();
    // A page the player never touched is skipped by Chromium's Back (its history intervention), so
    // Bo says something first, as players in a lobby do.
    await bo.page.getByPlaceholder("Type a room message...").fill("ready!");
    await bo.page.getByPlaceholder("Type a room message...").press("Enter");
    await bo.page.getByText("ready!").waitFor();
    await startGame(app, four.blue1, 3, 15);
    await bo.page.waitForURL(new RegExp(`/game/${four.code}$`));
    await bo.page.goBack();
    await bo.page.waitForURL(new RegExp(`/game/${four.code}$`));
    await bo.page.getByText("Round 1 of 3").waitFor();
    await bo.page.goForward().catch(() => null);
    await bo.page.waitForURL(new RegExp(`/game/${four.code}$`));
    await startRound(app, four.blue1);
    await bo.page.getByText(quizQuestion(1).question).waitFor();
    // Once the game is over and everyone is back in the lobby, Back to the game page returns to the lobby.
    await ok(app, "/api/lobby/returnToLobby", four.blue1.token);
    await bo.page.waitForURL(new RegExp(`/lobby/${four.code}$`));
    await bo.page.goBack();
    await bo.page.waitForURL(new RegExp(`/lobby/${four.code}$`));
    await bo.page.getByText("Blue Team (2/8)").waitFor();
    await bo.context.close();
  });

  test("an old bookmark of the lobby during a game opens the game", async () => {
    const four = await party(3);
    const rue = await open(four.code, four.red2, `/lobby/${four.code}`);
    await rue.page.waitForURL(new RegExp(`/game/${four.code}$`));
    await rue.page.getByText("Round 1 of 3").waitFor();
    await rue.context.close();
  });
});

describe("one live tab per player", () => {
  test("a second tab takes the seat; the first says so and can take it back", async () => {
    const four = await party(3);
    const bo = await open(four.code, four.blue2, `/game/${four.code}`);
    await bo.page.getByText("Round 1 of 3").waitFor();
    const second = await bo.context.newPage();
    await second.goto(`${app.url}/lobby/${four.code}`);
    await second.waitForURL(new RegExp(`/game/${four.code}$`));
    await live(second);
    await bo.page.getByText("This game is open in another tab or device.").waitFor();
    await shot(bo.page, "14-replaced-tab-phone");
    // The second tab is the live one.
    await startRound(app, four.blue1);
    await second.getByText(quizQuestion(1).question).waitFor();

    await bo.page.getByRole("button", { name: "Play here" }).click();
    await second.getByText("This game is open in another tab or device.").waitFor();
    await bo.page.getByText(quizQuestion(1).question).waitFor();
    expect(await bo.page.getByText("This game is open in another tab or device.").count()).toBe(0);
    await submit(app, four.red1, 1, "red guess");
    await bo.page.getByPlaceholder("Type your team answer").fill("blue guess");
    await bo.page.getByRole("button", { name: "Submit" }).click();
    await bo.page.getByText("Round 1 Results").waitFor();
    await bo.context.close();
  });
});

describe("handing the host role over", () => {
  test("the host makes another player host from the lobby; both pages follow at once", async () => {
    const four = await seatFour(app);
    const hana = await open(four.code, four.blue1, `/lobby/${four.code}`, DESKTOP);
    const ravi = await open(four.code, four.red1, `/lobby/${four.code}`);
    await hana.page.getByRole("button", { name: "Make host: Ravi" }).click();
    // Asked once, as Kick is; Cancel keeps the role.
    const ask = hana.page.getByRole("dialog", { name: "Make Ravi the host?" });
    await ask.getByRole("button", { name: "Cancel" }).click();
    await ask.waitFor({ state: "hidden" });
    await hana.page.getByRole("button", { name: "Make host: Ravi" }).click();
    await ask.getByRole("button", { name: "Make host", exact: true }).click();
    await ravi.page.getByText("You are now the host").waitFor();
    await hana.page.getByText("Ravi is now the host").waitFor();
    await ravi.page.getByRole("button", { name: "Start Game" }).waitFor();
    await hana.page.getByRole("button", { name: "Leave Lobby" }).waitFor();
    expect(await hana.page.getByRole("button", { name: "Start Game" }).count()).toBe(0);
    await ravi.page.getByText("Host: Ravi").waitFor();
    await hana.context.close();
    await ravi.context.close();
  });
});
