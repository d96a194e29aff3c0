// /tv/{code}, the shared screen, as the server renders it: the way in (QR code, address, code) and
// the room's view of the lobby or round, never a secret; a clear 404 for a code that names no lobby;
// watching rate-limited like joining.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { startTestApp, type TestApp } from "../support/app";
import { FakeClock } from "../support/fake-clock";
import { fakeLan, lanOrigin } from "../support/lan";
import { exactJudge, quizQuestion, quizQuestions, seatFour, startGame, startRound, submit } from "../support/rest";

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({}, { clock: new FakeClock(), questions: quizQuestions, judge: exactJudge, interfaces: fakeLan });
});
afterAll(() => app.dispose());

const tv = (code: string, target: TestApp = app) => fetch(`${target.url}/tv/${code}`);

describe("/tv/:code", () => {
  test("in the lobby: the QR code, the join address, the code and both teams with captains and presence", async () => {
    const four = await seatFour(app);
    const res = await tv(four.code.toLowerCase());
    expect(res.status).toBe(200);
    const html = await res.text();
    // Asked at 127.0.0.1, the screen shows phones the machine's network address.
    expect(html).toContain(`aria-label="QR code to join: ${lanOrigin(app.port)}/?join=${four.code}"`);
    expect(html).toMatch(/<svg[^>]*viewBox/);
    expect(html).toContain(`>${four.code}<`);
    for (const name of ["Hana", "Ravi", "Bo", "Rue"]) expect(html).toContain(name);
    expect(html).toContain("CAPTAIN");
    expect(html).toContain("(away)");
    expect(html).toContain("/build/tv-");
  });

  test("while a round is open the screen shows who has locked, and nothing of what", async () => {
    const four = await seatFour(app);
    await startGame(app, four.blue1, 3, 60);
    await startRound(app, four.blue1);
    await submit(app, four.blue2, 1, "Secret-blue-guess");
    const html = await (await tv(four.code)).text();
    expect(html).toContain(quizQuestion(1).question);
    expect(html).toContain("Blue: locked in");
    expect(html).toContain("Red: thinking");
    expect(html).not.toContain("Secret-blue-guess");
    expect(html).not.toContain(quizQuestion(1).answer);
    expect(html).not.toContain('"isSteal"');
  });

  test("a code that names no lobby gets a clear 404 page with no script", async () => {
    const res = await tv("ZZZZ");
    expect(res.status).toBe(404);
    const html = await res.text();
    expect(html).toContain("No lobby ZZZZ");
    expect(html).not.toContain("/build/");
  });

  test("watching counts against the address's look-ups", async () => {
    const strict = await startTestApp({ LOOKUP_RATE_PER_MIN: "2" }, { questions: quizQuestions, judge: exactJudge });
    try {
      const body = await (await fetch(`${strict.url}/api/lobby/create`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ playerName: "Hana" }) })).json();
      expect((await tv(body.lobby.code, strict)).status).toBe(200);
      expect((await tv(body.lobby.code, strict)).status).toBe(200);
      const refused = await tv(body.lobby.code, strict);
      expect(refused.status).toBe(429);
      expect(await refused.text()).toContain("Too many requests, slow down");
    } finally {
      await strict.dispose();
    }
  });
});
