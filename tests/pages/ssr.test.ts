// The first paint, before any script runs: the server's HTML already holds the real page.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { call, startTestApp, type TestApp } from "../support/app";

let app: TestApp;
let code: string;
let hostToken: string;
const sneaky = "<script>alert(1)</script>";

const html = async (path: string) => (await fetch(app.url + path)).text();
/** The page's markup without its JSON data script, where names legitimately appear escaped. */
const markup = (page: string) => page.replace(/<script type="application\/json"[\s\S]*?<\/script>/, "");

beforeAll(async () => {
  app = await startTestApp({}, { questions: { pick: async () => [{ category: "General", question: "What colour is a ripe banana?", answer: "Yellow", aliases: [] }] } });
  const host = await call(app, "POST", "/api/lobby/create", { body: { playerName: "Hana" } });
  code = host.body.lobby.code;
  hostToken = host.body.token;
  await call(app, "POST", "/api/lobby/join", { body: { playerName: sneaky, code } });
});
afterAll(() => app.dispose());

describe("server rendering", () => {
  test("home shows its cards, modes and title", async () => {
    const page = await html("/");
    for (const text of ["Stealmate", "Start a new room", "Teams", "Tournament", "Duels", "Host", "Join a lobby", "How to Play", "AI-powered"]) expect(page).toContain(text);
  });

  test("the lobby page paints the real lobby: code, teams and players", async () => {
    const page = markup(await html(`/lobby/${code.toLowerCase()}`));
    expect(page).toContain(code);
    expect(page).toContain("CODE");
    expect(page).toContain("Hana");
    expect(page).toContain("Blue Team (1/8)");
    expect(page).toContain("Red Team (1/8)");
    expect(page).toContain("Host: <bdi>Hana</bdi>");
  });

  test("a script in a name is shown as text, never run", async () => {
    const page = await html(`/lobby/${code}`);
    expect(page).not.toContain(sneaky);
    expect(markup(page)).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
  });

  test("the game page paints the round in progress without its answer", async () => {
    await call(app, "POST", "/api/lobby/teamSelect", { token: hostToken, body: { team: "blue", isCaptain: true } });
    const state = app.service.get(code)!;
    const other = state.players.find((p) => p.name === sneaky)!;
    await app.service.dispatch(code, { type: "teamSelect", playerId: other.id, team: "red", isCaptain: true });
    expect((await call(app, "POST", "/api/lobby/start", { token: hostToken })).status).toBe(200);
    expect((await call(app, "POST", "/api/lobby/startRound", { token: hostToken, body: { code } })).status).toBe(200);
    const page = await html(`/game/${code}`);
    expect(page).toContain("What colour is a ripe banana?");
    expect(page).toContain("Made with bluffs, tells, and just a pinch of chaos.");
    expect(page).not.toContain("Yellow");
  });

  test("pages load their script as a module, which never blocks the first paint", async () => {
    const page = await html("/");
    expect(page).toMatch(/<script type="module" src="\/build\/home-[\w]+\.js"><\/script>/);
    expect(page).not.toMatch(/<link rel="stylesheet"/);
  });
});
