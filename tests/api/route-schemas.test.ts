// The routes' Elysia schemas answer as the API always has: a failed schema is a 400 with the
// contract's shape (never Elysia's 422), every route with a body caps it, and who is asking is
// checked before anything about the body (origin, rate limit, session, host, then the body).
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { OWN_QUESTIONS_BYTES } from "../../src/game/settings";
import { call, startTestApp, type TestApp } from "../support/app";
import { joinLobby, party, type Seat } from "../support/rest";

let app: TestApp;
let code: string;
let host: Seat;
let guest: Seat;
beforeAll(async () => {
  app = await startTestApp();
  const lobby = await party(app, "Guest");
  code = lobby.code;
  host = lobby.host;
  guest = lobby.players[0]!;
});
afterAll(() => app.dispose());

const question = { category: "Cats", question: "Which cat is the largest?", answer: "Tiger" };
/** Every route that takes a body: a body its schema refuses, a body it accepts, and the most bytes it reads. */
const BODY_ROUTES: [method: string, path: string, bad: unknown, good: Record<string, unknown>, maxBytes: number][] = [
  ["POST", "/api/lobby/create", { playerName: 5 }, { playerName: "Ann" }, 16 * 1024],
  ["POST", "/api/lobby/join", { playerName: "Ann" }, { playerName: "Ann", code: "ABCD" }, 16 * 1024],
  ["POST", "/api/lobby/teamSelect", { team: "green" }, { team: "red" }, 16 * 1024],
  ["POST", "/api/lobby/updateSettings", { settings: 3 }, { settings: {} }, 16 * 1024],
  ["POST", "/api/lobby/kickPlayer", { playerId: "" }, { playerId: "nobody" }, 16 * 1024],
  ["POST", "/api/lobby/startRound", { code: "!" }, {}, 16 * 1024],
  ["POST", "/api/lobby/submitAnswer", { isSteal: "no" }, { isSteal: false, roundNumber: 1 }, 16 * 1024],
  ["POST", "/api/lobby/overrule", { roundNumber: 0 }, { roundNumber: 1, team: "red", correct: true }, 16 * 1024],
  ["POST", "/api/lobby/transferHost", {}, { playerId: "nobody" }, 16 * 1024],
  ["POST", "/api/lobby/questions", { questions: "all" }, { questions: [question] }, OWN_QUESTIONS_BYTES],
  ["POST", "/api/lobby/questions/import", { text: "" }, { name: "q.json", text: "[]" }, OWN_QUESTIONS_BYTES],
  ["PUT", "/api/lobby/questions/1", { category: 1 }, question, 16 * 1024],
];
/** A body that is `good` and valid JSON, padded to `bytes` bytes. */
const padded = (good: Record<string, unknown>, bytes: number) => {
  const base = JSON.stringify({ ...good, pad: "" });
  return base.replace('"pad":""', `"pad":"${"x".repeat(bytes - base.length)}"`);
};

describe("a failed schema is the API's 400, never Elysia's 422", () => {
  for (const [method, path, bad] of BODY_ROUTES) {
    test(`${method} ${path}`, async () => {
      const res = await call(app, method, path, { token: host.token, body: bad });
      expect(res.status).toBe(400);
      expect(Object.keys(res.body).sort()).toEqual(["message", "success"]);
      expect(res.body.success).toBe(false);
      // Named by its path in the body, as the API always has, or "body" for the body as a whole.
      expect(res.body.message).toMatch(/^[\w.]+: \S/);
      expect(res.body.message).not.toContain("validation");
    });
  }

  test("a request with no body at all is read as {}", async () => {
    const res = await fetch(`${app.url}/api/lobby/teamSelect`, { method: "POST", headers: { authorization: `Bearer ${guest.token}` } });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toStartWith("team: ");
  });

  test("a bad path or query parameter is a 400 with its schema's own words", async () => {
    expect((await call(app, "GET", "/api/lobby/AB")).body).toEqual({ success: false, message: "Code must be 4 letters or digits" });
    expect((await call(app, "DELETE", "/api/lobby/questions/x", { token: host.token })).body).toEqual({ success: false, message: "Question id must be a number" });
    expect((await call(app, "GET", "/api/lobby/questions/export?format=xml", { token: host.token })).body).toEqual({ success: false, message: "format must be csv or json" });
  });
});

describe("every route with a body reads no more than its limit", () => {
  for (const [method, path, , good, maxBytes] of BODY_ROUTES) {
    test(`${method} ${path}: ${maxBytes} bytes`, async () => {
      const res = await call(app, method, path, { token: host.token, raw: padded(good, maxBytes + 1) });
      expect({ status: res.status, body: res.body }).toEqual({ status: 413, body: { success: false, message: "Request body too large" } });
    });
  }
});

describe("who is asking is checked before the body", () => {
  const tooBig = (bytes: number) => padded({}, bytes + 1);

  test("without a seat: 401, whatever the body", async () => {
    for (const [method, path, bad, , maxBytes] of BODY_ROUTES.filter(([, path]) => !/create|join/.test(path))) {
      for (const opts of [{ body: bad }, { raw: "{not json" }, { raw: tooBig(maxBytes) }]) {
        const res = await call(app, method, path, opts);
        expect({ path, status: res.status, message: res.body.message }).toEqual({ path, status: 401, message: "Invalid or expired session" });
      }
    }
  });

  test("not the host: the own-questions routes say 403, whatever the body or id", async () => {
    const player = await joinLobby(app, code, "Nosy");
    const calls: [string, string, { body?: unknown; raw?: string }][] = [
      ["POST", "/api/lobby/questions", { body: { questions: "all" } }],
      ["POST", "/api/lobby/questions", { raw: tooBig(OWN_QUESTIONS_BYTES) }],
      ["POST", "/api/lobby/questions/import", { raw: "{not json" }],
      ["PUT", "/api/lobby/questions/x", { body: { category: 1 } }],
      ["DELETE", "/api/lobby/questions/x", {}],
      ["GET", "/api/lobby/questions/export?format=xml", {}],
    ];
    for (const [method, path, opts] of calls) {
      const res = await call(app, method, path, { token: player.token, ...opts });
      expect({ path, status: res.status }).toEqual({ path, status: 403 });
    }
  });

  test("another site: 403 before the session or the body", async () => {
    const res = await call(app, "POST", "/api/lobby/teamSelect", { raw: "{not json", headers: { origin: "https://evil.example" } });
    expect(res.body).toEqual({ success: false, message: "Cross-site request refused" });
    expect(res.status).toBe(403);
  });

  test("create and join: the rate limit before the body", async () => {
    const limited = await startTestApp({ JOIN_RATE_PER_MIN: "1" });
    try {
      expect((await call(limited, "POST", "/api/lobby/create", { body: { playerName: "Ann" } })).status).toBe(200);
      for (const path of ["/api/lobby/create", "/api/lobby/join"]) {
        const res = await call(limited, "POST", path, { raw: "{not json" });
        expect({ path, status: res.status }).toEqual({ path, status: 429 });
      }
    } finally {
      await limited.dispose();
    }
  });
});
