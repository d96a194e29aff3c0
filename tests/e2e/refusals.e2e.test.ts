// Every refusal of an action the player took is shown where they acted (docs/decisions.md "Staying in the game"), in
// Chromium. Races a real party hits (a captain taken, a team filled, a game started, a teammate's
// lock, all a moment before the page heard of it) are made certain by cutting the page's realtime
// connection, so it acts on what it last knew, as a phone on a slow link does.
import { afterAll, describe, expect, test } from "bun:test";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { call, startTestApp } from "../support/app";
import { useE2eSuite } from "../support/e2e";
import { createLobby, exactJudge, joinLobby, ok, quizQuestions, type Seat, seatFour, startGame, startRound, submit, teamSelect } from "../support/rest";
import { DESKTOP, device, live, online, PHONE, sessionStarted, type Device } from "../support/phones";

const suite = useE2eSuite({ questions: quizQuestions, judge: exactJudge });
const { app } = suite;
const opened: Device[] = [];

afterAll(() => {
  for (const d of opened) expect(d.errors).toEqual([]);
});

async function open(target: { url: string }, code: string, seat: Seat | null, path: string, { deaf = false, options = PHONE }: { deaf?: boolean; options?: object } = {}): Promise<Device> {
  const d = await device(suite.browser, target.url, code, seat, "/", options);
  // A deaf page never hears the server's events: its realtime connection goes nowhere.
  if (deaf) await d.page.routeWebSocket(/\/(socket\.io|ws)\b/, () => {});
  await d.page.goto(target.url + path);
  opened.push(d);
  // Acting before the page's session is up would race its first look at the lobby.
  if (path !== "/" && !path.startsWith("/?")) await (deaf ? sessionStarted(d.page) : live(d.page));
  return d;
}

const alert = (page: Page, text: string | RegExp) => page.getByRole("alert").filter({ hasText: text });
const shot = (page: Page, name: string) => page.screenshot({ path: join(suite.shots, `${name}.png`), animations: "disabled" });

describe("joining", () => {
  test("a taken name, in the join card", async () => {
    const { code } = await createLobby(app, "Hana");
    const d = await open(app, code, null, "/");
    await d.page.getByPlaceholder("ABCD").fill(code);
    await d.page.locator("#join-name").fill("hana");
    await d.page.getByRole("button", { name: "Join", exact: true }).click();
    await alert(d.page, "That name is taken in this lobby").waitFor();
    await shot(d.page, "17-refusal-name-taken-phone");
    await d.context.close();
  });

  test("a code that names no lobby", async () => {
    const d = await open(app, "ZZZZ", null, "/");
    await d.page.getByPlaceholder("ABCD").fill("ZZZZ");
    await d.page.locator("#join-name").fill("Lia");
    await d.page.getByRole("button", { name: "Join", exact: true }).click();
    await alert(d.page, "Lobby not found").waitFor();
    await d.context.close();
  });

  test("a full lobby, in the join dialog", async () => {
    const { code } = await createLobby(app, "Host");
    for (let n = 1; n < 16; n++) await joinLobby(app, code, `Player ${n}`);
    const d = await open(app, code, null, `/?join=${code}`);
    await d.page.getByRole("form", { name: /^Join lobby/ }).getByPlaceholder("Enter your name").fill("Seventeen");
    await d.page.getByRole("form", { name: /^Join lobby/ }).getByRole("button", { name: "Join" }).click();
    await alert(d.page, "Lobby is full").waitFor();
    await d.context.close();
  });

  test("too many joins from one address", async () => {
    const strict = await startTestApp({ JOIN_RATE_PER_MIN: "2" }, { questions: quizQuestions, judge: exactJudge });
    try {
      const { code } = await createLobby(strict, "Hana");
      await joinLobby(strict, code, "Ravi");
      const d = await open(strict, code, null, "/");
      await d.page.getByPlaceholder("ABCD").fill(code);
      await d.page.locator("#join-name").fill("Lia");
      await d.page.getByRole("button", { name: "Join", exact: true }).click();
      await alert(d.page, "Too many requests, slow down").waitFor();
      await d.context.close();
    } finally {
      await strict.dispose();
    }
  });
});

describe("seats", () => {
  test("a team's only player stepping down as its captain", async () => {
    const { code } = await createLobby(app, "Hana");
    const ravi = await joinLobby(app, code, "Ravi");
    const d = await open(app, code, ravi, `/lobby/${code}`, { deaf: true });
    await d.page.getByText("Red Team (1/8)").waitFor();
    await d.page.locator(".team.red-t").getByRole("button", { name: "Join as Member" }).click();
    await alert(d.page, "You are the only player on this team, so you stay its captain").waitFor();
    await shot(d.page, "18-refusal-only-captain-phone");
    await d.context.close();
  });

  test("a team filled a moment before", async () => {
    const { code } = await createLobby(app, "Hana");
    const seats: Seat[] = [];
    for (let n = 1; n <= 14; n++) seats.push(await joinLobby(app, code, `P${n}`));
    // Blue: Hana and 7 more; red: 7. The page sees red with room, then red fills.
    const blue = seats[1]!;
    const d = await open(app, code, blue, `/lobby/${code}`, { deaf: true });
    await d.page.getByText("Red Team (7/8)").waitFor();
    await joinLobby(app, code, "P15");
    await d.page.getByRole("button", { name: "Join as Member" }).click();
    await alert(d.page, "That team is full").waitFor();
    await d.context.close();
  });

  test("teams locked once the game has started", async () => {
    const four = await seatFour(app);
    const d = await open(app, four.code, four.blue2, `/lobby/${four.code}`, { deaf: true });
    await d.page.getByText("Red Team (2/8)").waitFor();
    await startGame(app, four.blue1, 3, 30);
    await d.page.getByRole("button", { name: "Join as Member" }).click();
    await alert(d.page, "Teams are locked during a game").waitFor();
    await d.context.close();
  });
});

describe("in a game", () => {
  test("an answer a teammate locked first says who locked what", async () => {
    const four = await seatFour(app);
    await startGame(app, four.blue1, 3, 60);
    await startRound(app, four.blue1);
    const d = await open(app, four.code, four.blue2, `/game/${four.code}`, { deaf: true });
    await d.page.getByPlaceholder("Type your team answer").waitFor();
    await submit(app, four.blue1, 1, "Giraffe");
    await d.page.getByPlaceholder("Type your team answer").fill("Zebra");
    await d.page.getByRole("button", { name: "Submit" }).click();
    await alert(d.page, "Hana already locked in “Giraffe” for your team").waitFor();
    await shot(d.page, "19-refusal-teammate-locked-phone");
    await d.context.close();
  });

  test("a live page shows who locked the team's answer", async () => {
    const four = await seatFour(app);
    await startGame(app, four.blue1, 3, 60);
    const d = await open(app, four.code, four.blue2, `/game/${four.code}`);
    await startRound(app, four.blue1);
    await d.page.getByPlaceholder("Type your team answer").waitFor();
    await submit(app, four.blue1, 1, "Giraffe");
    await d.page.getByText("Locked in by Hana").waitFor();
    expect(await d.page.getByText("“Giraffe”").count()).toBe(1);
    await d.context.close();
  });
});

describe("sent home", () => {
  test("kicked by the host: the home page says so", async () => {
    const four = await seatFour(app);
    const d = await open(app, four.code, four.blue2, `/lobby/${four.code}`);
    await d.page.getByText("Red Team (2/8)").waitFor();
    await ok(app, "/api/lobby/kickPlayer", four.blue1.token, { playerId: four.blue2.id });
    await d.page.waitForURL(`${app.url}/`);
    await alert(d.page, "The host removed you from the lobby").waitFor();
    await shot(d.page, "20-kicked-home-phone");
    await d.context.close();
  });

  test("kicked while the page was still joining: the home page says so all the same", async () => {
    const four = await seatFour(app);
    const d = await device(suite.browser, app.url, four.code, four.blue2, "/");
    opened.push(d);
    // The page's join-lobby reaches the server 800 ms late: the kick comes first, and the page never hears it.
    await d.page.routeWebSocket(/\/ws\b/, (ws) => {
      const server = ws.connectToServer();
      ws.onMessage((frame) => void setTimeout(() => server.send(frame), String(frame).includes("join-lobby") ? 800 : 0));
    });
    await d.page.goto(`${app.url}/lobby/${four.code}`);
    // Online, its join-lobby held on the way: not live() yet, which would wait for the seat.
    await online(d.page);
    await ok(app, "/api/lobby/kickPlayer", four.blue1.token, { playerId: four.blue2.id });
    await d.page.waitForURL(`${app.url}/`);
    await alert(d.page, "The host removed you from the lobby").waitFor();
    await d.context.close();
  });

  test("the lobby ended by the host: the home page says so", async () => {
    const four = await seatFour(app);
    const d = await open(app, four.code, four.red2, `/lobby/${four.code}`, { options: DESKTOP });
    await ok(app, "/api/lobby/end", four.blue1.token);
    await d.page.waitForURL(`${app.url}/`);
    await alert(d.page, "The host ended the lobby").waitFor();
    await d.context.close();
  });

  test("a page opened after the lobby ended goes home and says so", async () => {
    const four = await seatFour(app);
    await ok(app, "/api/lobby/end", four.blue1.token);
    const d = await open(app, four.code, four.blue2, "/");
    await d.page.goto(`${app.url}/lobby/${four.code}`);
    await d.page.waitForURL(`${app.url}/`);
    await alert(d.page, "This lobby has ended").waitFor();
    await d.context.close();
  });

  test("a seat lost while the page was away: back online, the page says why it left", async () => {
    const four = await seatFour(app);
    const d = await open(app, four.code, four.red2, `/lobby/${four.code}`);
    await d.page.getByText("Red Team (2/8)").waitFor();
    await d.context.setOffline(true);
    await d.page.locator(".status-bar").getByText(/offline|Connection lost/).waitFor({ timeout: 5_000 });
    expect((await call(app, "POST", "/api/lobby/end", { token: four.blue1.token })).status).toBe(200);
    await d.context.setOffline(false);
    await d.page.waitForURL(`${app.url}/`);
    await alert(d.page, "This lobby has ended").waitFor();
    await d.context.close();
  });
});
