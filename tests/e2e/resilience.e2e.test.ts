// Staying in the game (docs/decisions.md), in real Chromium against the real server: phones that lose their
// wifi mid-round, a host whose phone dies, a latecomer, Back and Forward, a second tab. The others
// act through the REST API; the device under test is driven as a person would, by visible text.
import { describe, expect, test } from "bun:test";
import { ok, quizQuestion, seatFour, startGame, startRound, submit } from "../support/rest";
import { DESKTOP, live } from "../support/phones";
import { inTurn, offlinePhoneCases, useStayingSuite } from "../support/staying";

const staying = useStayingSuite();
const { app, open, party, playRound, shot } = staying;

// The same case for 180 s runs in `bun run soak` (tests/soak/offline.soak.ts, docs/soak.md).
const offline = offlinePhoneCases(staying, [20, 60]);
// The cases below run one at a time while those phones are offline, instead of after the minute.
const whileOffline = inTurn(offline);
/** Each case's time counts from the start of the file's concurrent tests, its wait in line included. */
const IN_TURN_MS = 120_000;

describe("the host's phone dies for good", () => {
  test.concurrent("after the grace period another player becomes host and carries the game to its end", whileOffline(async () => {
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
  }), IN_TURN_MS);
});

describe("pages follow the game", () => {
  test.concurrent("a latecomer through the join link lands in the running game and plays the next round", whileOffline(async () => {
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
  }), IN_TURN_MS);

  test.concurrent("Back from the game lands in the game again; Forward too; the page stays live", whileOffline(async () => {
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
  }), IN_TURN_MS);

  test.concurrent("an old bookmark of the lobby during a game opens the game", whileOffline(async () => {
    const four = await party(3);
    const rue = await open(four.code, four.red2, `/lobby/${four.code}`);
    await rue.page.waitForURL(new RegExp(`/game/${four.code}$`));
    await rue.page.getByText("Round 1 of 3").waitFor();
    await rue.context.close();
  }), IN_TURN_MS);
});

describe("one live tab per player", () => {
  test.concurrent("a second tab takes the seat; the first says so and can take it back", whileOffline(async () => {
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
  }), IN_TURN_MS);
});

describe("handing the host role over", () => {
  test.concurrent("the host makes another player host from the lobby; both pages follow at once", whileOffline(async () => {
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
  }), IN_TURN_MS);
});
