// The attacks: `GET /api/lobby/:code`, the /lobby/CODE and /game/CODE pages and the
// `watch-lobby` frame had no rate limit (all 923,521 codes in about 50 s), and nothing bounded lobbies
// or own questions (8 lobbies wrote 7.9 MB in 101 ms). Every look-up now counts against the
// address's budget, and lobbies and own-question bytes have quotas refused before the disk fills.
import { afterEach, describe, expect, test } from "bun:test";
import { call, startTestApp, type TestApp } from "../support/app";
import { createLobby } from "../support/rest";
import { Clients } from "../support/sockets";
import { REAL_LIMITS } from "./real-limits";

let app: TestApp | undefined;
afterEach(async () => {
  await app?.dispose();
  app = undefined;
});

describe("code look-ups", () => {
  test("past LOOKUP_RATE_PER_MIN an address hears 429 from the REST call, every page of a code and watch-lobby", async () => {
    app = await startTestApp({ ...REAL_LIMITS, LOOKUP_RATE_PER_MIN: "20" });
    const { code } = await createLobby(app);
    const statuses = [];
    for (let i = 0; i < 20; i++) statuses.push((await call(app, "GET", `/api/lobby/${i % 2 ? code : "ZZZZ"}`)).status);
    expect(statuses.filter((s) => s === 429)).toEqual([]);
    expect(await call(app, "GET", `/api/lobby/${code}`)).toEqual({ status: 429, body: { success: false, message: "Too many requests, slow down" } });
    for (const page of ["lobby", "game", "tv"]) {
      const res = await fetch(`${app.url}/${page}/${code}`);
      expect({ page, status: res.status }).toEqual({ page, status: 429 });
      expect(await res.text()).toContain("Too many requests, slow down");
    }
    const clients = new Clients(app.url, "websocket");
    try {
      const tv = await clients.connect("tv");
      tv.emit("watch-lobby", { code });
      expect(await tv.waitFor("socket-error")).toEqual({ event: "watch-lobby", message: "Too many requests, slow down" });
    } finally {
      clients.closeAll();
    }
    // The home page and a seated player's calls are not look-ups.
    expect((await fetch(`${app.url}/`)).status).toBe(200);
  });
});

describe("quotas", () => {
  test("LOBBIES_PER_HOUR per network and MAX_LOBBIES on the server", async () => {
    app = await startTestApp({ ...REAL_LIMITS, LOBBIES_PER_HOUR: "3" });
    for (let i = 0; i < 3; i++) await createLobby(app);
    expect(await call(app, "POST", "/api/lobby/create", { body: { playerName: "Ann" } })).toEqual({ status: 429, body: { success: false, message: "Too many lobbies created from this network this hour, try again later" } });
    await app.dispose();
    app = await startTestApp({ ...REAL_LIMITS, MAX_LOBBIES: "2" });
    await createLobby(app);
    await createLobby(app);
    const full = await call(app, "POST", "/api/lobby/create", { body: { playerName: "Ann" } });
    expect(full.status).toBe(503);
    expect(full.body.message).toBe("The server has as many lobbies open as it can take; try again later");
    expect(app.service.size).toBe(2);
  });

  test("own questions: a lobby's bytes and all lobbies' bytes are capped, with a clear refusal and nothing written", async () => {
    app = await startTestApp({ ...REAL_LIMITS, OWN_QUESTIONS_LOBBY_BYTES: String(40 * 1024), OWN_QUESTIONS_TOTAL_BYTES: String(100 * 1024) });
    // About 1 KB a question.
    const aliases = Array.from({ length: 11 }, (_, k) => `${"y".repeat(55)}${k}`);
    const batch = (tag: string, n: number) => Array.from({ length: n }, (_, i) => ({ category: "Filler", question: `${tag} ${i} ${"x".repeat(270)}?`, answer: "x", aliases }));
    const post = (token: string, questions: unknown[]) => call(app!, "POST", "/api/lobby/questions", { token, body: { questions } });
    const a = await createLobby(app);
    expect((await post(a.token, batch("a", 30))).status).toBe(200);
    const over = await post(a.token, batch("b", 20));
    expect(over.status).toBe(409);
    expect(over.body.message).toMatch(/^A lobby's questions may take at most 40 KB: they take \d\d KB, and this would add \d\d KB$/);
    // Two more lobbies fill the server's 100 KB; the third is refused whole.
    for (const tag of ["c", "d"]) expect((await post((await createLobby(app)).token, batch(tag, 35))).status).toBe(200);
    const last = await createLobby(app);
    const refused = await post(last.token, batch("e", 10));
    expect(refused).toEqual({ status: 503, body: { success: false, message: "The server has no room for more questions now; try again later" } });
    expect((await call(app, "GET", "/api/lobby/questions", { token: last.token })).body.questions).toEqual([]);
  });
});
