// Pages are rendered once per lobby state and served again until the lobby changes; a page that
// shows the round's countdown is rendered for every request, so its time is always current.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { gunzipSync } from "node:zlib";
import { call, startTestApp, type TestApp } from "../support/app";
import { FakeClock } from "../support/fake-clock";

let app: TestApp;
const clock = new FakeClock();
let code: string;
let hostToken: string;

const page = async (path: string, encoding = "identity") => {
  const res = await fetch(app.url + path, { headers: { "accept-encoding": encoding }, decompress: false } as RequestInit);
  return { encoding: res.headers.get("content-encoding"), bytes: new Uint8Array(await res.arrayBuffer()) };
};
const html = async (path: string) => new TextDecoder().decode((await page(path)).bytes);
const timeLeft = (text: string) => Number(text.match(/Time left: (?:<!-- -->)?(\d+)/)?.[1]);

beforeAll(async () => {
  app = await startTestApp({}, { clock, questions: { pick: async () => [{ category: "General", question: "What colour is a ripe banana?", answer: "Yellow", aliases: [] }] } });
  const host = await call(app, "POST", "/api/lobby/create", { body: { playerName: "Hana" } });
  code = host.body.lobby.code;
  hostToken = host.body.token;
});
afterAll(() => app.dispose());

test("a lobby page is served again while the lobby is unchanged, and follows a change at once", async () => {
  const first = await html(`/lobby/${code}`);
  await clock.advance(1_000);
  expect(await html(`/lobby/${code}`)).toBe(first);
  expect(await html(`/lobby/${code.toLowerCase()}`)).toBe(first);
  await call(app, "POST", "/api/lobby/join", { body: { playerName: "Ravi", code } });
  const after = await html(`/lobby/${code}`);
  expect(after).toContain("Ravi");
  expect(first).not.toContain("Ravi");
});

test("the gzip a browser gets is the same page", async () => {
  const plain = await html(`/lobby/${code}`);
  for (let i = 0; i < 2; i++) {
    const zipped = await page(`/lobby/${code}`, "gzip, deflate, br");
    expect(zipped.encoding).toBe("gzip");
    expect(new TextDecoder().decode(gunzipSync(zipped.bytes))).toBe(plain);
  }
});

test("a page with the round's countdown is rendered for each request", async () => {
  const state = app.service.get(code)!;
  const red = state.players.find((p) => p.name === "Ravi")!;
  await call(app, "POST", "/api/lobby/teamSelect", { token: hostToken, body: { team: "blue", isCaptain: true } });
  await app.service.dispatch(code, { type: "teamSelect", playerId: red.id, team: "red", isCaptain: true });
  expect((await call(app, "POST", "/api/lobby/start", { token: hostToken })).status).toBe(200);
  expect((await call(app, "POST", "/api/lobby/startRound", { token: hostToken, body: { code } })).status).toBe(200);
  const before = await html(`/game/${code}`);
  await clock.advance(5_000);
  const later = await html(`/game/${code}`);
  expect(timeLeft(before)).toBeGreaterThan(0);
  expect(timeLeft(later)).toBe(timeLeft(before) - 5);
  expect(later).toContain(`"now":${clock.now()}`);
});

test("a page for a code that names no lobby is rendered each time", async () => {
  expect(await html("/lobby/ZZZZ")).toContain("ZZZZ");
  expect(await html("/lobby/ZZZY")).toContain("ZZZY");
});
