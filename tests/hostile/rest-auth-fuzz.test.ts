// Authorization headers and URL paths no client should send. Any header that is not a live
// session's own bearer token is a 401 `{ success: false, message }` that changes nothing, even
// with a body that would otherwise be accepted; odd paths are 4xx (or a page), never a 5xx.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import fc from "fast-check";
import { startTestApp, type TestApp } from "../support/app";
import { FakeClock } from "../support/fake-clock";
import { quizQuestions } from "../support/rest";
import { expectNoPollution, oddValue, prototypeShapes, timed } from "./hostile";
import { expectRefusal, Fixtures, refusedOrAccepted, send, snapshot, type Fixture, type Phase } from "./rest-client";

const RUNS = Number(process.env.HOSTILE_RUNS ?? 300);
const SECRET = "hostile-suite-secret-0123456789";

let app: TestApp;
let fixtures: Fixtures;
const shapes = prototypeShapes();

beforeAll(async () => {
  app = await startTestApp({ JWT_SECRET: SECRET, JOIN_RATE_PER_MIN: "1000000" }, { clock: new FakeClock(), questions: quizQuestions });
  fixtures = new Fixtures(app);
});
afterAll(async () => {
  await app.dispose();
  expectNoPollution(shapes);
});

const b64 = (text: string | Uint8Array) => Buffer.from(text).toString("base64url");

/** A JWT signed with HMAC-SHA256 under `secret`; header and payload may be any JSON text. */
async function hs256(header: unknown, payload: unknown, secret: string): Promise<string> {
  const text = (v: unknown) => (typeof v === "string" ? v : JSON.stringify(v));
  const signing = `${b64(text(header))}.${b64(text(payload))}`;
  const key = await crypto.subtle.importKey("raw", new TextEncoder().encode(secret), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  return `${signing}.${b64(new Uint8Array(await crypto.subtle.sign("HMAC", key, new TextEncoder().encode(signing))))}`;
}

/** Routes that need a session, each with a body the host could send successfully. */
const ROUTES: { path: string; phase: Phase; body?: Record<string, unknown> }[] = [
  { path: "leave", phase: "lobby" },
  { path: "start", phase: "lobby" },
  { path: "end", phase: "lobby" },
  { path: "teamSelect", phase: "lobby", body: { team: "red", isCaptain: false } },
  { path: "updateSettings", phase: "lobby", body: { settings: { rounds: 3 } } },
  { path: "kickPlayer", phase: "lobby", body: { playerId: "$MEMBER" } },
  { path: "startRound", phase: "results", body: {} },
  { path: "submitAnswer", phase: "question", body: { roundNumber: 1, answer: "Okapi", isSteal: false } },
  { path: "overrule", phase: "results", body: { roundNumber: 1, team: "blue", correct: false } },
  { path: "pause", phase: "question", body: { paused: true } },
  { path: "skipQuestion", phase: "question", body: { roundNumber: 1 } },
  { path: "addTime", phase: "question", body: { roundNumber: 1, seconds: 30 } },
  { path: "returnToLobby", phase: "results" },
  { path: "GET", phase: "lobby" },
  { path: "questions", phase: "lobby", body: { questions: [{ category: "Cats", question: "How many lives has a cat?", answer: "Nine" }] } },
  { path: "questions/import", phase: "lobby", body: { name: "mine.csv", text: "category,question,answer\nCats,How many lives has a cat?,Nine\n" } },
];

const printable = fc.string({ unit: fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c)), maxLength: 300 });
const segment = fc.oneof(fc.base64String({ maxLength: 60 }).map((s) => s.replace(/[+/=]/g, "")), printable.map((s) => s.replace(/[\s.]/g, "")));
const claims = fc.record(
  {
    lobby: fc.oneof(fc.constantFrom("$CODE", "toString", "__proto__", "ZZZZ", ""), fc.string()),
    sub: fc.oneof(fc.constantFrom("$HOST", "$GONE", "constructor", "hasOwnProperty", ""), fc.uuid()),
    name: fc.string(),
    isHost: fc.oneof(fc.constant(true), oddValue()),
    exp: fc.oneof(fc.constantFrom(0, 1, 1e308, -1, "9999999999", null), fc.integer()),
    nbf: fc.constantFrom(undefined, 9_999_999_999),
  },
  { requiredKeys: [] },
);
const header = fc.oneof(fc.constantFrom<unknown>({ alg: "HS256", typ: "JWT" }, { alg: "none" }, { alg: "HS512" }, { alg: "HS256", crit: ["exp"] }, { alg: "HS256", b64: false, crit: ["b64"] }, "[]", "null", "{"), oddValue(["alg", "typ", "kid", "crit"]));

type Forgery = { kind: "text"; value: string } | { kind: "jwt"; header: unknown; payload: unknown; secret: string; prefix: string } | { kind: "scheme"; prefix: string; suffix: string } | { kind: "none" };

const forgeries: fc.Arbitrary<Forgery> = fc.oneof(
  printable.map((value): Forgery => ({ kind: "text", value })),
  printable.map((value): Forgery => ({ kind: "text", value: `Bearer ${value}` })),
  fc.tuple(segment, segment, segment).map(([a, b, c]): Forgery => ({ kind: "text", value: `Bearer ${a}.${b}.${c}` })),
  fc.tuple(header, fc.oneof(claims, oddValue(["lobby", "sub", "isHost", "exp"])), fc.constantFrom(SECRET, "wrong-secret-wrong-secret-000", "x"), fc.constantFrom("Bearer ", "Bearer  ", "bearer ", "")).map(
    ([h, payload, secret, prefix]): Forgery => ({ kind: "jwt", header: h, payload, secret, prefix }),
  ),
  // the host's own live token, mangled or under another scheme
  fc.tuple(fc.constantFrom("bearer ", "Basic ", "Token ", "", "Bearer", "Bearer\t", "Bearer x", "Bearer ."), fc.constantFrom("", " x", ".", "x", ".x.y")).map(([prefix, suffix]): Forgery => ({ kind: "scheme", prefix, suffix })),
  fc.constant<Forgery>({ kind: "none" }),
);

/** Valid claims are the real lobby and host, made invalid by something else in the forgery. */
function fill(value: unknown, f: Fixture, gone: string): unknown {
  if (value === "$CODE") return f.code;
  if (value === "$HOST") return f.four.blue1.id;
  if (value === "$GONE") return gone;
  if (value && typeof value === "object" && !Array.isArray(value)) {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) Object.defineProperty(out, k, { value: fill(v, f, gone), enumerable: true, configurable: true, writable: true });
    return out;
  }
  return value;
}

async function authorization(forgery: Forgery, f: Fixture, gone: string): Promise<string | undefined> {
  switch (forgery.kind) {
    case "none":
      return undefined;
    case "text":
      return forgery.value;
    case "scheme":
      return `${forgery.prefix}${f.four.blue1.token}${forgery.suffix}`;
    case "jwt": {
      const payload = fill(forgery.payload, f, gone);
      // A well-formed claim set signed with the real secret is a real session: not a forgery.
      const p = payload as Record<string, unknown>;
      const h = forgery.header as Record<string, unknown> | null;
      const genuine = forgery.secret === SECRET && typeof h === "object" && h?.alg === "HS256" && !("crit" in h) && typeof p === "object" && p !== null && p.lobby === f.code && p.sub === f.four.blue1.id && typeof p.name === "string" && p.isHost === true && typeof p.exp === "number" && p.exp > Date.now() / 1000 && p.nbf === undefined;
      if (genuine) p.exp = 1;
      return `${forgery.prefix}${await hs256(forgery.header, payload, forgery.secret)}`;
    }
  }
}

/** A player who left: their id was real, and their token must not work any more. */
let gone = { id: "", token: "" };
async function leaver(): Promise<{ id: string; token: string }> {
  if (gone.id) return gone;
  const f = await fixtures.get("lobby");
  const joined = await send(app, "POST", "/api/lobby/join", { body: { kind: "json", value: { playerName: "Gone", code: f.code } } });
  const token = joined.json.token as string;
  const id = JSON.parse(Buffer.from(token.split(".")[1]!, "base64url").toString()).sub as string;
  expect((await send(app, "POST", "/api/lobby/leave", { auth: `Bearer ${token}` })).status).toBe(200);
  fixtures.spoil("lobby");
  gone = { id, token };
  return gone;
}

describe("Authorization", () => {
  test(`${RUNS} forged, mangled or foreign headers on every route that needs a session: always 401, nothing changes`, async () => {
    await timed(`rest-auth-fuzz headers (${RUNS} runs)`, () =>
      fc.assert(
        fc.asyncProperty(forgeries, fc.constantFrom(...ROUTES), async (forgery, route) => {
          const left = await leaver();
          const f = await fixtures.get(route.phase);
          // Kept under Bun's 16 KiB header limit, past which Bun itself answers 431 (tested below).
          const auth = forgery.kind === "text" && forgery.value === "$LEFT" ? `Bearer ${left.token}` : (await authorization(forgery, f, left.id))?.slice(0, 8000);
          const context = { route: route.path, auth: auth?.slice(0, 200) };
          const body = JSON.stringify(route.body ?? {}).replace('"$MEMBER"', JSON.stringify(f.four.red2.id));
          // Reading a lobby needs no session; one that is sent must be genuine.
          const expected = route.path === "GET" && auth === undefined ? 200 : 401;
          await refusedOrAccepted(app, f.code, context, async () => {
            const res = route.path === "GET" ? await send(app, "GET", `/api/lobby/${f.code}`, { auth }) : await send(app, "POST", `/api/lobby/${route.path}`, { auth, body: { kind: "text", text: body } });
            expect({ context, status: res.status }).toEqual({ context, status: expected });
            return res;
          });
          expectNoPollution(shapes);
        }),
        { numRuns: RUNS, examples: [[{ kind: "text", value: "$LEFT" }, ROUTES[3]!], [{ kind: "text", value: "$LEFT" }, ROUTES[10]!]] },
      ),
    );
  }, 60_000);

  test("a header block over 16 KiB is refused by Bun itself (431), and the server carries on", async () => {
    const f = await fixtures.get("lobby");
    for (const n of [17_000, 64_000, 1_000_000]) {
      const before = await snapshot(app, f.code);
      // Bun's HTTP parser answers before the app sees the request: a bare 431, no JSON to shape.
      expect((await send(app, "POST", "/api/lobby/end", { auth: `Bearer ${"e".repeat(n)}` })).status).toBe(431);
      expect(await snapshot(app, f.code)).toEqual(before);
    }
  }, 60_000);

  test("a live token of another lobby reads and changes nothing here", async () => {
    const f = await fixtures.get("lobby");
    const other = await send(app, "POST", "/api/lobby/create", { body: { kind: "json", value: { playerName: "Elsewhere" } } });
    const auth = `Bearer ${other.json.token}`;
    await refusedOrAccepted(app, f.code, "GET with another lobby's token", async () => {
      const res = await send(app, "GET", `/api/lobby/${f.code}`, { auth });
      expect(res.status).toBe(401);
      return res;
    });
    // In the body, the code names this lobby; the token names its own: refused, neither changes.
    for (const path of ["startRound", "submitAnswer"]) {
      const res = await send(app, "POST", `/api/lobby/${path}`, { auth, body: { kind: "json", value: { code: f.code, roundNumber: 1, isSteal: true } } });
      expect(res.status).toBeGreaterThanOrEqual(400);
      expectRefusal(res, path);
    }
  });
});

describe("Origin", () => {
  test(`${RUNS} foreign or look-alike Origins: every call that changes something is refused with 403 before it is read`, async () => {
    const host = new URL(app.url).host;
    const lookAlike = fc.constantFrom(`http://${host}.evil.example`, `http://${host}@evil.example`, `http://evil.example/${host}`, `http://evil.example#${host}`, `http://evil.example?${host}`, `http://evil.example:${host.split(":")[1]}`, `http://localhost:${host.split(":")[1]}`, "null", "file://", "http://[::1]", `${host}`, `//${host}`);
    const origin = fc.oneof(lookAlike, fc.webUrl(), fc.webUrl({ withFragments: true, withQueryParameters: true }).map((u) => `${u}${host}`), printable.filter((o) => o.trim() !== "" && o.trim() !== app.url));
    const routes = ["create", "join", ...ROUTES.filter((r) => r.path !== "GET").map((r) => r.path)];
    await timed(`rest-auth-fuzz origins (${RUNS} runs)`, () =>
      fc.assert(
        fc.asyncProperty(origin, fc.constantFrom(...routes), async (o, path) => {
          const f = await fixtures.get("lobby");
          const context = { origin: o, path };
          // The host's own token and a body that would succeed: only the Origin is wrong. (An empty
          // Origin counts as none, as curl sends; browsers send "null" for opaque origins.)
          const body = path === "create" ? { playerName: "Zed" } : path === "join" ? { playerName: "Zed", code: f.code } : (ROUTES.find((r) => r.path === path)!.body ?? {});
          await refusedOrAccepted(app, f.code, context, async () => {
            const res = await send(app, "POST", `/api/lobby/${path}`, { auth: `Bearer ${f.four.blue1.token}`, body: { kind: "json", value: body }, headers: { origin: o } });
            expect({ context, status: res.status }).toEqual({ context, status: 403 });
            return res;
          });
        }),
        { numRuns: RUNS },
      ),
    );
    expectNoPollution(shapes);
  }, 60_000);
});

describe("URL paths", () => {
  const raw = fc.constantFrom("%", "%ZZ", "%E0%A4%A", "%C0%AF", "%00", "%FF%FE", "..%2F..%2Fetc%2Fpasswd", "%2e%2e", "__proto__", "constructor", "toString", "%3Cscript%3E", "%22%3E%3Cimg%20src%3Dx%3E", "a".repeat(4000), "%u0041", "ABCD%0A", "%20ABCD%20");
  const seg = fc.oneof(raw, fc.string({ unit: "binary", maxLength: 50 }).map(encodeURIComponent), fc.string({ maxLength: 12 }).map(encodeURIComponent));

  test(`${RUNS} odd lobby codes in /api/lobby/:code, /lobby/:code, /game/:code and unknown API paths: never a 5xx`, async () => {
    const f = await fixtures.get("lobby");
    await timed(`rest-auth-fuzz paths (${RUNS} runs)`, () =>
      fc.assert(
        fc.asyncProperty(seg, fc.constantFrom("api", "lobby", "game", "post"), async (s, where) => {
          const context = { where, s: s.slice(0, 100) };
          const before = await send(app, "GET", `/api/lobby/${f.code}`);
          if (where === "api" || where === "post") {
            const res = where === "api" ? await send(app, "GET", `/api/lobby/${s}`) : await send(app, "POST", `/api/lobby/${s}`, { body: { kind: "text", text: "{}" } });
            if (res.status !== 200) expectRefusal(res, context);
            expect({ context, status: res.status < 500 }).toEqual({ context, status: true });
          } else {
            // a page, or (for an empty code) the API's 404
            const res = await send(app, "GET", `/${where}/${s}`);
            if (res.status === 404) expectRefusal(res, context);
            else expect({ context, status: res.status, html: res.contentType }).toEqual({ context, status: 200, html: "text/html; charset=utf-8" });
          }
          expect((await send(app, "GET", `/api/lobby/${f.code}`)).json).toEqual(before.json);
        }),
        { numRuns: RUNS },
      ),
    );
    expectNoPollution(shapes);
  }, 60_000);
});
