// The other side of every budget: a party behind one home router (one address: 12 phones, a TV, a laptop)
// plays two whole games at the default budgets without meeting one, though every phone loads its
// pages, looks its lobby up, reconnects after a refresh, chats and locks answers, all within a minute.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { call, startTestApp, type TestApp } from "../support/app";
import { FakeClock } from "../support/fake-clock";
import { createLobby, exactJudge, joinLobby, ok, quizQuestion, type Seat, submit } from "../support/rest";
import { Clients, type Client } from "../support/sockets";
import { REAL_LIMITS } from "./real-limits";

let h: { app: TestApp };
let clients: Clients;
beforeAll(async () => {
  // Fresh questions for every game: the lobby never asks one twice.
  const questions = { pick: async ({ count, exclude }: { count: number; exclude: readonly string[] }) => Array.from({ length: count }, (_, i) => quizQuestion(exclude.length + i + 1)) };
  h = { app: await startTestApp(REAL_LIMITS, { clock: new FakeClock(), questions, judge: exactJudge }) };
  clients = new Clients(h.app.url, "websocket");
});
afterAll(async () => {
  clients.closeAll();
  await h.app.dispose();
});

/** What a phone's browser does on a page of the lobby: the page, the lobby look-up, a connection that joins. */
async function openPage(page: "lobby" | "game", code: string, seat: Seat): Promise<Client> {
  const html = await fetch(`${h.app.url}/${page}/${code}`);
  expect({ page, status: html.status }).toEqual({ page, status: 200 });
  await html.text();
  const lookup = await call(h.app, "GET", `/api/lobby/${code}`, { token: seat.token });
  expect(lookup.status).toBe(200);
  return clients.connect(seat.name, seat.token);
}

test("12 phones, a TV and the host's laptop behind one address play two games without meeting a limit", async () => {
  const { app } = h;
  const { code, ...host } = await createLobby(app, "Laptop");
  const tvPage = await fetch(`${app.url}/tv/${code}`);
  expect(tvPage.status).toBe(200);
  const tv = await clients.connect("tv");
  tv.emit("watch-lobby", { code });
  await tv.waitFor("lobby-updated", (p) => p.updateType === "snapshot");

  const phones: Seat[] = [];
  for (let i = 0; i < 12; i++) {
    // The QR code opens the home page with ?join=CODE, which looks the lobby up before asking a name.
    expect((await fetch(`${app.url}/?join=${code}`)).status).toBe(200);
    expect((await call(app, "GET", `/api/lobby/${code}`)).status).toBe(200);
    phones.push(await joinLobby(app, code, `Phone ${i + 1}`));
  }
  let pages = new Map<Seat, Client>();
  for (const seat of [host, ...phones]) pages.set(seat, await openPage("lobby", code, seat));
  const seated = (await call(app, "GET", `/api/lobby/${code}`)).body.data;
  const red = phones.find((p) => seated.redTeam.some((r: { id: string }) => r.id === p.id))!;
  // The host and the first phone on red captain their teams by themselves.
  expect(seated.captains.red.id).toBe(red.id);

  for (let game = 1; game <= 2; game++) {
    await ok(app, "/api/lobby/updateSettings", host.token, { settings: { rounds: 5, roundLimit: 30 } });
    await ok(app, "/api/lobby/start", host.token);
    // Every screen follows the game: each phone loads the game page, and one in three refreshes it once more.
    for (const [, page] of pages) page.close();
    const next = new Map<Seat, Client>();
    for (const seat of [host, ...phones]) next.set(seat, await openPage("game", code, seat));
    for (const seat of phones.filter((_, i) => i % 3 === 0)) {
      next.get(seat)!.close();
      next.set(seat, await openPage("game", code, seat));
    }
    pages = next;
    for (let round = 1; round <= 5; round++) {
      await ok(app, "/api/lobby/startRound", host.token);
      for (const [i, seat] of phones.entries()) pages.get(seat)!.emit("chat-message", { message: `round ${round}: phone ${i + 1} thinks`, chatType: i % 2 ? "team" : "game" });
      await submit(app, host, round, "Answer");
      await submit(app, red, round, "Guess");
      await tv.waitFor("round-results", (p) => p.round.number === round);
    }
    await ok(app, "/api/lobby/returnToLobby", host.token);
    for (const [, page] of pages) page.close();
    const back = new Map<Seat, Client>();
    for (const seat of [host, ...phones]) back.set(seat, await openPage("lobby", code, seat));
    pages = back;
  }

  // Nobody was refused anything, and every line of chat reached the room.
  const errors = [tv, ...pages.values()].flatMap((c) => c.events("socket-error"));
  expect(errors).toEqual([]);
  expect(tv.events("chat-message").filter((m) => m.chatType === "game").length).toBe(2 * 5 * 6);
});
