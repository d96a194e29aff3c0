// Every REST route fuzzed with bodies no client should send. Whatever arrives, the server answers
// (never a 5xx, never a crash), a refusal is a 4xx `{ success: false, message }` that leaves the
// lobby exactly as it was, and nothing reaches Object.prototype.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import fc from "fast-check";
import { startTestApp, type TestApp } from "../support/app";
import { FakeClock } from "../support/fake-clock";
import { quizQuestions, waitForPhase } from "../support/rest";
import { BAD_UTF8, BROKEN_TEXTS, DEEP_TEXTS, expectNoPollution, oddNumber, oddScalar, oddString, oddValue, protoTexts, prototypeShapes, timed, withBadBytes } from "./hostile";
import { expectRefusal, Fixtures, refusedOrAccepted, send, type Answer, type Body, type Fixture, type Phase } from "./rest-client";

const RUNS = Number(process.env.HOSTILE_RUNS ?? 200);

let app: TestApp;
let fixtures: Fixtures;
const shapes = prototypeShapes();

beforeAll(async () => {
  // A fake clock: no round timer fires while the fuzz runs, so only requests change a lobby.
  app = await startTestApp({ JOIN_RATE_PER_MIN: "1000000" }, { clock: new FakeClock(), questions: quizQuestions });
  fixtures = new Fixtures(app);
});
afterAll(async () => {
  await app.dispose();
  expectNoPollution(shapes);
});

/** Placeholders an arbitrary can use for values only known once a lobby is seated. */
function resolve(text: string, f: Fixture): string {
  return text
    .replaceAll('"$CODE"', JSON.stringify(f.code))
    .replaceAll('"$code"', JSON.stringify(` ${f.code.toLowerCase()}\t`))
    .replaceAll('"$HOST"', JSON.stringify(f.four.blue1.id))
    .replaceAll('"$MEMBER"', JSON.stringify(f.four.red2.id));
}

/** Marks a field left out of the body. */
const OMIT = Symbol("omit");

/** JSON.stringify keeps own "__proto__" keys; defineProperty keeps them own (plain assignment would set the prototype). */
function withExtras(base: Record<string, unknown>, extras: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of [...Object.entries(base), ...Object.entries(extras)]) if (v !== OMIT) Object.defineProperty(out, k, { value: v, enumerable: true, writable: true, configurable: true });
  return out;
}

interface Route {
  path: string;
  phase: Phase;
  auth: boolean;
  valid: Record<string, unknown>;
  /** per field: what may replace its valid value (other values, hostile ones, or nothing) */
  fields: Record<string, fc.Arbitrary<unknown>>;
}

/** A field's replacements: other valid-looking values, hostile ones of any type, or no field at all. */
const instead = (...odd: fc.Arbitrary<unknown>[]) => fc.oneof({ weight: 3, arbitrary: fc.oneof(...odd) }, { weight: 2, arbitrary: oddValue() }, { weight: 1, arbitrary: fc.constant(OMIT) });
/** Inside a nested object: mostly the valid value, else a replacement. */
const either = (valid: unknown, ...odd: fc.Arbitrary<unknown>[]) => fc.oneof({ weight: 2, arbitrary: fc.constant(valid) }, { weight: 1, arbitrary: instead(...odd) });

const code = instead(fc.constantFrom("$CODE", "$code", "ZZZZ", "abcd", "AB CD", "ABCDE", "0000", "ÀBCD", "C0DE"), oddString);
const team = instead(fc.constantFrom("blue", "red", "RED", "green", " red", "Red"), oddScalar);
const bool = instead(fc.constantFrom(true, false, "true", "false", 1, 0, null), oddScalar);
const round = instead(oddNumber, fc.integer(), fc.double(), fc.constantFrom(0, 1, 2, 3, 100, 101, 1.0000001, "1"));
const name = instead(oddString, fc.constantFrom("Zed", "hana", " HANA ", "x".repeat(32), "x".repeat(33), "\u00a0", "<b>Zed</b>", "Z\u0000d", "Ｈａｎａ"));
const settings = fc
  .record({
    rounds: either(3, oddNumber, oddScalar),
    roundLimit: either(30, oddNumber, oddScalar),
    tags: either(["Space"], fc.array(oddString, { maxLength: 60 }), fc.array(oddValue(), { maxLength: 5 })),
  })
  .map((s) => withExtras(s, {}));

/** A row of the lobby's own questions, mostly near-valid. */
const ownRow = fc
  .record({
    category: either("Cats", oddString),
    question: either("How many lives has a cat?", oddString),
    answer: either("Nine", oddString),
    aliases: either(["9"], fc.array(oddString, { maxLength: 25 }), fc.array(oddValue(), { maxLength: 3 })),
  })
  .map((r) => withExtras(r, {}));

const ROUTES: Route[] = [
  { path: "create", phase: "lobby", auth: false, valid: { playerName: "Zed" }, fields: { playerName: name } },
  { path: "join", phase: "lobby", auth: false, valid: { playerName: "Zed", code: "$CODE" }, fields: { playerName: name, code } },
  { path: "teamSelect", phase: "lobby", auth: true, valid: { team: "red", isCaptain: false }, fields: { team, isCaptain: bool } },
  { path: "updateSettings", phase: "lobby", auth: true, valid: { settings: { rounds: 3, roundLimit: 30, tags: ["Space"] } }, fields: { settings: instead(settings) } },
  { path: "kickPlayer", phase: "lobby", auth: true, valid: { playerId: "$MEMBER" }, fields: { playerId: instead(fc.constantFrom("$HOST", "$MEMBER", "00000000-0000-0000-0000-000000000000"), oddString) } },
  { path: "startRound", phase: "results", auth: true, valid: { code: "$CODE" }, fields: { code } },
  {
    path: "submitAnswer",
    phase: "question",
    auth: true,
    valid: { code: "$CODE", roundNumber: 1, answer: "Okapi", isSteal: false },
    fields: { code, roundNumber: round, answer: instead(oddString), isSteal: bool, team, playerId: instead(fc.constantFrom("$HOST", "$MEMBER"), oddString), skips: round },
  },
  { path: "overrule", phase: "results", auth: true, valid: { roundNumber: 1, team: "blue", correct: false }, fields: { roundNumber: round, team, correct: bool } },
  { path: "pause", phase: "question", auth: true, valid: { paused: true }, fields: { paused: bool } },
  { path: "skipQuestion", phase: "question", auth: true, valid: { roundNumber: 1 }, fields: { roundNumber: round } },
  { path: "addTime", phase: "question", auth: true, valid: { roundNumber: 1, seconds: 30 }, fields: { roundNumber: round, seconds: instead(oddNumber, fc.integer(), fc.double(), fc.constantFrom(9, 10, 60, 61, 30.5, "30")) } },
  {
    path: "questions",
    phase: "lobby",
    auth: true,
    valid: { questions: [{ category: "Cats", question: "How many lives has a cat?", answer: "Nine", aliases: ["9"] }] },
    fields: { questions: instead(fc.array(ownRow, { maxLength: 8 }), fc.array(oddValue(), { maxLength: 5 })) },
  },
  {
    path: "questions/import",
    phase: "lobby",
    auth: true,
    valid: { name: "mine.csv", text: "category,question,answer,aliases\r\nCats,How many lives has a cat?,Nine,9\r\n" },
    fields: {
      name: instead(fc.constantFrom("mine.csv", "pack.json", "", "x", "a.CSV"), oddString),
      text: instead(fc.constantFrom('{"questions":[]}', "category,question,answer\n", '"', "\uFEFF", "category,question,answer\na,\"b\n"), oddString, fc.string({ unit: "binary", maxLength: 300 })),
    },
  },
];
const NO_BODY: { path: string; phase: Phase }[] = [
  { path: "leave", phase: "lobby" },
  { path: "start", phase: "lobby" },
  { path: "end", phase: "lobby" },
  { path: "returnToLobby", phase: "results" },
];

const CONTENT_TYPES = ["application/json", "application/json", "application/json", "text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x", "application/json; charset=latin1", null] as const;

/** Bodies for a route: mostly near-valid ones with fields swapped for hostile values, then anything at all. */
function bodies(route: Pick<Route, "valid" | "fields">): fc.Arbitrary<Body> {
  const keys = Object.keys(route.fields);
  const extras = fc.dictionary(fc.constantFrom("__proto__", "constructor", "prototype", "isHost", "isCaptain", "by"), oddValue(keys), { maxKeys: 3 });
  // The valid body with up to two fields replaced: most checks are reached only past the first.
  const nearValid = fc.tuple(fc.record(route.fields), fc.subarray(keys, { maxLength: Math.min(2, keys.length) }), extras).map(([odd, chosen, more]) => {
    const base: Record<string, unknown> = { ...route.valid };
    for (const k of chosen) base[k] = odd[k];
    return withExtras(base, more);
  });
  const utf8 = JSON.stringify({ ...route.valid, pad: "ab" });
  return fc.oneof(
    { weight: 6, arbitrary: nearValid.map((value): Body => ({ kind: "json", value })) },
    { weight: 2, arbitrary: oddValue(keys).map((value): Body => ({ kind: "json", value })) },
    { weight: 1, arbitrary: fc.jsonValue().map((value): Body => ({ kind: "json", value })) },
    { weight: 2, arbitrary: fc.constantFrom(...protoTexts(route.valid), ...DEEP_TEXTS, ...BROKEN_TEXTS).map((text): Body => ({ kind: "text", text })) },
    { weight: 1, arbitrary: fc.string({ unit: "binary" }).map((text): Body => ({ kind: "text", text })) },
    { weight: 1, arbitrary: fc.constantFrom(...BAD_UTF8).map((bad): Body => ({ kind: "bytes", bytes: withBadBytes(utf8, bad) })) },
    { weight: 1, arbitrary: fc.uint8Array({ maxLength: 64 }).map((bytes): Body => ({ kind: "bytes", bytes: new Uint8Array(bytes) })) },
  );
}

/** The body as it goes on the wire, placeholders filled in. */
function wire(body: Body, f: Fixture): Body {
  if (body.kind === "json") return { kind: "text", text: resolve(JSON.stringify(body.value) ?? "", f) };
  if (body.kind === "text") return { kind: "text", text: resolve(body.text, f) };
  return body;
}

function parsesToObject(text: string): boolean {
  try {
    const value = JSON.parse(text.replace(/^\ufeff/, ""));
    return typeof value === "object" && value !== null && !Array.isArray(value);
  } catch {
    return false;
  }
}

/** How often each status came back, so a run shows the fuzz got past the first check. */
class Statuses {
  private readonly seen = new Map<number, number>();
  async count(res: Promise<Answer>): Promise<Answer> {
    const answer = await res;
    this.seen.set(answer.status, (this.seen.get(answer.status) ?? 0) + 1);
    return answer;
  }
  toString(): string {
    return [...this.seen].sort(([a], [b]) => a - b).map(([s, n]) => `${s}x${n}`).join(" ");
  }
}

const bearer = (f: Fixture, actor: number) => `Bearer ${f.seats[actor % f.seats.length]!.token}`;

describe("REST bodies", () => {
  for (const route of ROUTES) {
    test(`${route.path}: ${RUNS} hostile bodies, never a 5xx, refusals change nothing`, async () => {
      const statuses = new Statuses();
      await timed(`rest-fuzz ${route.path} (${RUNS} runs)`, () =>
        fc.assert(
          fc.asyncProperty(bodies(route), fc.nat(), fc.constantFrom(...CONTENT_TYPES), async (body, actor, contentType) => {
            const f = await fixtures.get(route.phase);
            const onWire = wire(body, f);
            const context = { route: route.path, actor: actor % 4, contentType, body: onWire.kind === "text" ? onWire.text.slice(0, 300) : onWire.kind === "bytes" ? [...onWire.bytes].slice(0, 80) : null };
            const accepted = await refusedOrAccepted(app, f.code, context, () => statuses.count(send(app, "POST", `/api/lobby/${route.path}`, { auth: route.auth ? bearer(f, actor) : undefined, body: onWire, contentType })));
            if (accepted) fixtures.spoil(route.phase);
            expectNoPollution(shapes);
          }),
          { numRuns: RUNS },
        ),
      );
      console.log(`  ${route.path} answers: ${statuses}`);
    }, 60_000);
  }

  test("fields hidden behind __proto__ or constructor.prototype are never read: 400 on every route that needs a field", async () => {
    for (const route of ROUTES) {
      for (const text of [`{"__proto__":${JSON.stringify(route.valid)}}`, `{"constructor":{"prototype":${JSON.stringify(route.valid)}}}`]) {
        const f = await fixtures.get(route.phase);
        const context = { route: route.path, text };
        const needsField = route.path !== "startRound";
        const accepted = await refusedOrAccepted(app, f.code, context, () => send(app, "POST", `/api/lobby/${route.path}`, { auth: route.auth ? bearer(f, 0) : undefined, body: { kind: "text", text: resolve(text, f) } }));
        if (accepted) fixtures.spoil(route.phase);
        expect({ context, accepted }).toEqual({ context, accepted: !needsField });
      }
    }
    expectNoPollution(shapes);
  }, 60_000);

  test("bytes that are not UTF-8, text that is not JSON, and JSON that is not an object: always 400", async () => {
    for (const route of ROUTES) {
      const f = await fixtures.get(route.phase);
      const utf8 = resolve(JSON.stringify(route.valid), f);
      const junk: Body[] = [
        ...BAD_UTF8.map((bad): Body => ({ kind: "bytes", bytes: withBadBytes(utf8, bad) })),
        ...BROKEN_TEXTS.map((text): Body => ({ kind: "text", text })),
        ...DEEP_TEXTS.slice(0, 2).map((text): Body => ({ kind: "text", text })),
        ...["null", "true", "1e308", "-0", '"x"', "[]", `[${utf8}]`].map((text): Body => ({ kind: "text", text })),
      ];
      for (const body of junk) {
        // startRound's fields are all optional: any JSON object is a valid body there.
        if (route.path === "startRound" && body.kind === "text" && parsesToObject(body.text)) continue;
        const context = { route: route.path, body: body.kind === "text" ? body.text.slice(0, 80) : body.kind === "bytes" ? [...body.bytes].slice(0, 40) : null };
        const before = await send(app, "GET", `/api/lobby/${f.code}`);
        const res = await send(app, "POST", `/api/lobby/${route.path}`, { auth: route.auth ? bearer(f, 0) : undefined, body });
        expect({ context, status: res.status, json: res.json }).toEqual({ context, status: 400, json: { success: false, message: expect.any(String) } });
        expect((await send(app, "GET", `/api/lobby/${f.code}`)).json).toEqual(before.json);
      }
    }
  }, 60_000);
});

describe("REST calls that take no body", () => {
  const runs = Math.max(20, Math.round(RUNS / 2));
  for (const route of NO_BODY) {
    test(`${route.path}: ${runs} junk bodies are ignored; never a 5xx`, async () => {
      const junk = bodies({ valid: { code: "$CODE" }, fields: { code } });
      await timed(`rest-fuzz ${route.path} (${runs} runs)`, () =>
        fc.assert(
          fc.asyncProperty(junk, fc.nat(), fc.constantFrom(...CONTENT_TYPES), async (body, actor, contentType) => {
            const f = await fixtures.get(route.phase);
            const onWire = wire(body, f);
            const context = { route: route.path, actor: actor % 4, body: onWire.kind === "text" ? onWire.text.slice(0, 200) : "<bytes>" };
            const accepted = await refusedOrAccepted(app, f.code, context, () => send(app, "POST", `/api/lobby/${route.path}`, { auth: bearer(f, actor), body: onWire, contentType }));
            // The body plays no part: the host may start, end or return; anyone may leave; a member may do nothing else.
            const host = actor % 4 === 0;
            const expected = route.path === "leave" || (host && (route.path !== "start" || f.phase === "lobby"));
            expect({ context, accepted }).toEqual({ context, accepted: expected });
            if (accepted) fixtures.spoil(route.phase);
            expectNoPollution(shapes);
          }),
          { numRuns: runs },
        ),
      );
    }, 60_000);
  }
});

describe("hostile answers reach the real answer checker", () => {
  const runs = Math.max(20, Math.round(RUNS / 2));
  test(`${runs} rounds with hostile answers from both teams are judged and scored; the server stays up`, async () => {
    const answer = fc.oneof(oddString, fc.string({ unit: "binary", maxLength: 400 }), fc.constantFrom("Okapi-1-correct", " okapi 1 correct ", "Okapi-1-correct".repeat(26), "maybe maybe maybe " + "1 000 ".repeat(60), "9".repeat(400)));
    await timed(`rest-fuzz judged answers (${runs} runs)`, () =>
      fc.assert(
        fc.asyncProperty(answer, fc.oneof(answer, fc.constant(null)), async (blue, red) => {
          const f = await fixtures.get("question");
          fixtures.spoil("question");
          const lock = async (token: string, text: string | null) => {
            const body = text === null ? { roundNumber: 1, isSteal: true } : { roundNumber: 1, answer: text, isSteal: false };
            const res = await send(app, "POST", "/api/lobby/submitAnswer", { auth: `Bearer ${token}`, body: { kind: "json", value: body } });
            if (res.status !== 200) expectRefusal(res, { text: text?.slice(0, 80) });
            return res.status === 200;
          };
          const both = (await lock(f.four.blue1.token, blue)) && (await lock(f.four.red1.token, red));
          if (!both) return;
          await waitForPhase(app, f.code, "results");
          const result = app.service.get(f.code)!.game!.rounds[0]!;
          expect(typeof result.plays.blue.correct).toBe("boolean");
          expect((await send(app, "GET", `/api/lobby/${f.code}`)).status).toBe(200);
        }),
        { numRuns: runs },
      ),
    );
    expectNoPollution(shapes);
  }, 60_000);
});
