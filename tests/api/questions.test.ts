// The lobby's own questions over real HTTP (docs/contract.md "Routes"): every refusal with its status
// (401, 403, 400 with numbered row errors, 409 past 500, 404, 413, cross-site 403), the success
// shapes, editing, the lobby's lifetime (a restart keeps them, the lobby's end removes them), and
// CSV and JSON files imported and exported through the API.
import { Database } from "bun:sqlite";
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { join } from "node:path";
import { questionsCsv, questionsJson } from "../../src/api/question-files";
import { OWN_QUESTIONS_MAX } from "../../src/game/settings";
import { call, startTestApp, type TestApp } from "../support/app";
import { createLobby, expectFailure, joinLobby, party, type Seat } from "../support/rest";

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app.dispose();
});

const question = (n: number, over: Record<string, unknown> = {}) => ({ category: "Cats", question: `Question number ${n} about cats?`, answer: `Answer ${n}`, aliases: [`alias ${n}`], ...over });
const add = (token: string | undefined, body: unknown, headers?: Record<string, string>) => call(app, "POST", "/api/lobby/questions", { token, body, headers });

async function listOf(seat: Seat, target: { url: string } = app): Promise<any[]> {
  const res = await call(target, "GET", "/api/lobby/questions", { token: seat.token });
  expect(res.status).toBe(200);
  return res.body.questions;
}

async function added(seat: Seat, questions: unknown[]): Promise<{ added: number; total: number }> {
  const res = await add(seat.token, { questions });
  expect({ status: res.status, success: res.body.success }).toEqual({ status: 200, success: true });
  return { added: res.body.added, total: res.body.total };
}

/** Every way of calling the four routes, for the refusals every one of them must give. */
const CALLS = [
  ["GET", "/api/lobby/questions", undefined],
  ["POST", "/api/lobby/questions", { questions: [question(1)] }],
  ["PUT", "/api/lobby/questions/1", question(1)],
  ["DELETE", "/api/lobby/questions/1", undefined],
] as const;

describe("refusals", () => {
  test("no session, or a bad one: 401 on every route, and nothing changes", async () => {
    const host = await createLobby(app);
    await added(host, [question(1)]);
    for (const [method, path, body] of CALLS) {
      for (const token of [undefined, "not-a-token"]) expectFailure(await call(app, method, path, { token, body }), 401);
    }
    expect(await listOf(host)).toHaveLength(1);
  });

  test("a player who is not the host: 403 on every route, even with a body that would be refused, and nothing changes", async () => {
    const { host, players } = await party(app, "Rio");
    await added(host, [question(1)]);
    const [id] = (await listOf(host)).map((q) => q.id);
    for (const [method, path, body] of CALLS) {
      const res = await call(app, method, path.replace("/1", `/${id}`), { token: players[0]!.token, body });
      expectFailure(res, 403);
      expect(JSON.stringify(res.body)).not.toContain("Answer 1");
    }
    expectFailure(await add(players[0]!.token, { questions: "nonsense" }), 403);
    expect(await listOf(host)).toEqual([{ id, ...question(1), asked: false }]);
  });

  test("the role goes with the host: after a hand-over the new host manages the questions and the old one gets 403", async () => {
    const { host, players } = await party(app, "Rio");
    await added(host, [question(1)]);
    expect((await call(app, "POST", "/api/lobby/transferHost", { token: host.token, body: { playerId: players[0]!.id } })).status).toBe(200);
    expectFailure(await call(app, "GET", "/api/lobby/questions", { token: host.token }), 403);
    expect((await listOf(players[0]!)).map((q) => q.answer)).toEqual(["Answer 1"]);
  });

  test("a body that is not a batch of questions: 400 with what is wrong", async () => {
    const host = await createLobby(app);
    const refused = async (opts: { body?: unknown; raw?: string }) => {
      const res = await call(app, "POST", "/api/lobby/questions", { token: host.token, ...opts });
      expectFailure(res, 400);
      return res.body.message as string;
    };
    expect(await refused({ raw: "{not json" })).toBe("Malformed JSON body");
    expect(await refused({ body: {} })).toContain("questions");
    expect(await refused({ body: { questions: "Cats" } })).toContain("questions must be a list");
    expect(await refused({ body: { questions: [] } })).toContain("There are no questions to add");
    expect(await refused({ body: { questions: Array.from({ length: OWN_QUESTIONS_MAX + 1 }, (_, i) => question(i)) } })).toContain("at most 500 questions");
    expect(await listOf(host)).toEqual([]);
  });

  test("a batch with bad rows is refused whole, naming every bad row from 1 with its reason", async () => {
    const host = await createLobby(app);
    await added(host, [question(100)]);
    const rows = [
      question(1),
      { category: "Cats", question: "A question without its answer?" },
      question(3, { question: "Why" }),
      question(4, { aliases: ["fine", "x".repeat(61)] }),
      question(5, { aliases: ["one|two"] }),
      "just a string",
      question(7, { category: "c".repeat(41), answer: "   " }),
      question(8),
    ];
    const res = await add(host.token, { questions: rows });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      success: false,
      message: "6 of 8 questions are not valid, so none was added",
      errors: [
        { row: 2, message: "Answer is missing" },
        { row: 3, message: "Question must be at least 5 characters" },
        { row: 4, message: "An accepted answer must be at most 60 characters" },
        { row: 5, message: "An accepted answer cannot contain |" },
        { row: 6, message: "A question must be an object with category, question and answer" },
        { row: 7, message: "Category must be at most 40 characters; Answer is blank" },
      ],
    });
    expect((await listOf(host)).map((q) => q.answer)).toEqual(["Answer 100"]);
  });

  test("at most 500 a lobby: 500 fit in one request; a batch that would pass the limit is refused whole (409)", async () => {
    const host = await createLobby(app);
    // Long enough that the batch is far past the 16 KiB of other calls.
    const long = (n: number) => question(n, { question: `Question number ${n}: ${"which cat breed has the longest whiskers of them all? ".repeat(4)}` });
    const batch = Array.from({ length: OWN_QUESTIONS_MAX }, (_, i) => long(i + 1));
    expect(JSON.stringify({ questions: batch }).length).toBeGreaterThan(100 * 1024);
    expect(await added(host, batch)).toEqual({ added: 500, total: 500 });

    const over = await add(host.token, { questions: [question(501)] });
    expectFailure(over, 409);
    expect(over.body.message).toBe("A lobby holds at most 500 questions: it has 500, and this would add 1");
    const [first] = await listOf(host);
    expect((await call(app, "DELETE", `/api/lobby/questions/${first.id}`, { token: host.token })).body).toEqual({ success: true, total: 499 });
    expectFailure(await add(host.token, { questions: [question(501), question(502)] }), 409);
    expect(await listOf(host)).toHaveLength(499);
    // Questions it already holds do not count against the limit: only new ones are added.
    expect(await added(host, [long(2), question(501)])).toEqual({ added: 1, total: 500 });
  }, 30_000);

  test("a body past 512 KiB is 413", async () => {
    const host = await createLobby(app);
    const res = await call(app, "POST", "/api/lobby/questions", { token: host.token, raw: JSON.stringify({ questions: [question(1)], pad: "x".repeat(513 * 1024) }) });
    expectFailure(res, 413);
  });

  test("ids: a malformed one is 400, an unknown one (or another lobby's) 404, on PUT and DELETE", async () => {
    const host = await createLobby(app);
    const other = await createLobby(app);
    await added(other, [question(1)]);
    const [theirs] = await listOf(other);
    for (const method of ["PUT", "DELETE"] as const) {
      for (const id of ["abc", "0", "-1", "1.5", "9".repeat(20)]) expectFailure(await call(app, method, `/api/lobby/questions/${id}`, { token: host.token, body: question(1) }), 400);
      expectFailure(await call(app, method, `/api/lobby/questions/${theirs.id}`, { token: host.token, body: question(1) }), 404);
    }
    expect(await listOf(other)).toEqual([theirs]);
  });

  test("a PUT with a bad question is 400 and changes nothing", async () => {
    const host = await createLobby(app);
    await added(host, [question(1)]);
    const [q] = await listOf(host);
    const res = await call(app, "PUT", `/api/lobby/questions/${q.id}`, { token: host.token, body: { ...question(1), answer: "" } });
    expectFailure(res, 400);
    expect(res.body.message).toContain("Answer is blank");
    expect(await listOf(host)).toEqual([q]);
  });

  test("from another site: POST, PUT and DELETE are refused with 403 and change nothing", async () => {
    const host = await createLobby(app);
    await added(host, [question(1)]);
    const [q] = await listOf(host);
    const origin = { origin: "https://evil.example" };
    expectFailure(await add(host.token, { questions: [question(2)] }, origin), 403);
    expectFailure(await call(app, "PUT", `/api/lobby/questions/${q.id}`, { token: host.token, body: question(3), headers: origin }), 403);
    expectFailure(await call(app, "DELETE", `/api/lobby/questions/${q.id}`, { token: host.token, headers: origin }), 403);
    expect(await listOf(host)).toEqual([q]);
  });
});

describe("adding, listing, editing, deleting", () => {
  test("POST answers { success, added, total }; GET lists each question with its id, trimmed and single-spaced, in the order added", async () => {
    const host = await createLobby(app);
    expect((await add(host.token, { questions: [question(1), { category: " Dogs ", question: "  Which   dog\nis the smallest?", answer: " Chihuahua " }] })).body).toEqual({ success: true, added: 2, total: 2 });
    const res = await call(app, "GET", "/api/lobby/questions", { token: host.token });
    expect(Object.keys(res.body).sort()).toEqual(["ai", "bank", "questions", "success"]);
    expect(res.body.ai).toBe(false);
    expect(res.body.bank).toContain("General");
    expect(res.body.questions).toEqual([
      { id: expect.any(Number), ...question(1), asked: false },
      { id: expect.any(Number), category: "Dogs", question: "Which dog is the smallest?", answer: "Chihuahua", aliases: [], asked: false },
    ]);
  });

  test("a question the lobby already has (ignoring case), or twice in one batch, is added once", async () => {
    const host = await createLobby(app);
    expect(await added(host, [question(1), question(2), question(2)])).toEqual({ added: 2, total: 2 });
    expect(await added(host, [question(1, { question: "QUESTION NUMBER 1 ABOUT CATS?" }), question(3)])).toEqual({ added: 1, total: 3 });
  });

  test("PUT edits a question in place; giving it another question's text is 409; DELETE removes it", async () => {
    const host = await createLobby(app);
    await added(host, [question(1), question(2)]);
    const [one, two] = await listOf(host);
    const edited = { category: "Big Cats", question: "Which big cat is the fastest?", answer: "Cheetah", aliases: ["the cheetah"] };
    const res = await call(app, "PUT", `/api/lobby/questions/${one.id}`, { token: host.token, body: edited });
    expect(res.body).toEqual({ success: true, question: { id: one.id, ...edited } });
    expectFailure(await call(app, "PUT", `/api/lobby/questions/${two.id}`, { token: host.token, body: { ...question(2), question: "which big cat is the FASTEST?" } }), 409);
    expect(await listOf(host)).toEqual([{ id: one.id, ...edited, asked: false }, two]);
    expect((await call(app, "DELETE", `/api/lobby/questions/${one.id}`, { token: host.token })).body).toEqual({ success: true, total: 1 });
    expect(await listOf(host)).toEqual([two]);
    expectFailure(await call(app, "DELETE", `/api/lobby/questions/${one.id}`, { token: host.token }), 404);
  });
});

describe("lifetime", () => {
  test("the questions survive a restart of the server on the same DATA_DIR", async () => {
    const first = await startTestApp();
    const host = await createLobby(first);
    const questions = [question(1), question(2, { aliases: [] })];
    const res = await call(first, "POST", "/api/lobby/questions", { token: host.token, body: { questions } });
    expect(res.status).toBe(200);
    const before = await listOf(host, first);
    await first.close();

    const again = await startTestApp({}, {}, first.dataDir);
    try {
      expect(await listOf(host, again)).toEqual(before);
      expect(before.map(({ category, question, answer, aliases }) => ({ category, question, answer, aliases }))).toEqual(questions);
    } finally {
      await again.dispose();
    }
  });

  test("ending the lobby removes its questions from the database; other lobbies keep theirs", async () => {
    const host = await createLobby(app);
    const other = await createLobby(app);
    await added(host, [question(1), question(2)]);
    await added(other, [question(1)]);
    expect((await call(app, "POST", "/api/lobby/end", { token: host.token })).status).toBe(200);
    const db = new Database(join(app.dataDir, "stealmate.sqlite"), { readonly: true });
    try {
      const rows = (code: string) => (db.query("SELECT COUNT(*) AS n FROM own_questions WHERE code = ?").get(code) as { n: number }).n;
      expect([rows(host.code), rows(other.code)]).toEqual([0, 1]);
    } finally {
      db.close();
    }
  });
});

test("a lobby that ends while a batch is still arriving gets none of it: 404, and no row outlives the lobby", async () => {
  const host = await createLobby(app);
  // The host check has run once the route asks the service for the book: the body is not in yet.
  const checked = Promise.withResolvers<void>();
  const real = app.service.questionBook.bind(app.service);
  app.service.questionBook = (code, by) => (checked.resolve(), real(code, by));
  try {
    const text = new TextEncoder().encode(JSON.stringify({ questions: [question(1)] }));
    let push!: ReadableStreamDefaultController<Uint8Array>;
    const body = new ReadableStream<Uint8Array>({ start: (c) => void (push = c) });
    push.enqueue(text.slice(0, 10));
    const sent = fetch(`${app.url}/api/lobby/questions`, { method: "POST", headers: { "content-type": "application/json", authorization: `Bearer ${host.token}` }, body, duplex: "half" } as RequestInit);
    await checked.promise;
    expect((await call(app, "POST", "/api/lobby/end", { token: host.token })).status).toBe(200);
    push.enqueue(text.slice(10));
    push.close();
    const res = await sent;
    expect({ status: res.status, body: await res.json() }).toEqual({ status: 404, body: { success: false, message: "Lobby not found" } });
  } finally {
    app.service.questionBook = real;
  }
  const db = new Database(join(app.dataDir, "stealmate.sqlite"), { readonly: true });
  try {
    expect(db.query("SELECT COUNT(*) AS n FROM own_questions WHERE code = ?").get(host.code)).toEqual({ n: 0 });
  } finally {
    db.close();
  }
});

describe("files through the API and back", () => {
  const questions = [
    { category: "Quotes", question: 'Who said "Elementary, my dear Watson"?', answer: "Sherlock Holmes", aliases: ["Holmes", "Sherlock"] },
    { category: "Numbers, too", question: "What is -40 °C in °F?", answer: "-40", aliases: ["minus 40"] },
    { category: "Plain", question: "Which planet is the Red Planet?", answer: "Mars", aliases: [] },
  ];
  const importFile = (seat: Seat, name: string, text: string, headers?: Record<string, string>) => call(app, "POST", "/api/lobby/questions/import", { token: seat.token, body: { name, text }, headers });
  async function exportFile(seat: Seat | null, format: string) {
    const res = await fetch(`${app.url}/api/lobby/questions/export?format=${format}`, { headers: seat ? { authorization: `Bearer ${seat.token}` } : {} });
    // Bytes as sent: Response.text() would drop a BOM.
    const text = new TextDecoder("utf-8", { ignoreBOM: true }).decode(await res.arrayBuffer());
    return { status: res.status, type: res.headers.get("content-type"), disposition: res.headers.get("content-disposition"), text };
  }

  test("CSV (BOM, Windows line ends, quotes, commas, aliases) imported and exported is the same file", async () => {
    const host = await createLobby(app);
    const csv = questionsCsv(questions);
    expect(csv).toStartWith("\uFEFFcategory,question,answer,aliases\r\n");
    expect(csv).toContain('"Who said ""Elementary, my dear Watson""?"');
    expect((await importFile(host, "mine.csv", csv)).body).toEqual({ success: true, added: 3, total: 3, read: 3 });
    expect(await exportFile(host, "csv")).toEqual({ status: 200, type: "text/csv; charset=utf-8", disposition: expect.stringMatching(new RegExp(`^attachment; filename="stealmate-${host.code}-\\d{8}-\\d{4}-questions\\.csv"$`)), text: csv });
  });

  test("a hand-written CSV (no BOM, LF, columns in another order, spaces around aliases) comes back in the standard form", async () => {
    const host = await createLobby(app);
    const text = 'answer,aliases,question,category\nMars, red planet | the fourth ,Which planet is the Red Planet?,Plain\n';
    expect((await importFile(host, "mine.csv", text)).body).toMatchObject({ success: true, added: 1 });
    expect((await exportFile(host, "csv")).text).toBe("\uFEFFcategory,question,answer,aliases\r\nPlain,Which planet is the Red Planet?,Mars,red planet|the fourth\r\n");
  });

  test("a pack JSON imported and exported is the same file; a file already imported adds nothing", async () => {
    const host = await createLobby(app);
    const json = questionsJson(questions);
    expect((await importFile(host, "pack.json", json)).body).toEqual({ success: true, added: 3, total: 3, read: 3 });
    expect((await importFile(host, "pack.json", json)).body).toEqual({ success: true, added: 0, total: 3, read: 3 });
    const out = await exportFile(host, "json");
    expect([out.status, out.type, out.text]).toEqual([200, "application/json; charset=utf-8", json]);
  });

  test("a CSV row the server refuses is named by its number and the line it starts on; nothing is added", async () => {
    const host = await createLobby(app);
    const res = await importFile(host, "bad.csv", 'category,question,answer,aliases\r\nA,"A good, long question?",yes,\r\n\r\nB,"Two\r\nlines, no answer",,\r\nC,Fine question here?,ok,x|y\r\n');
    expect(res.body).toEqual({ success: false, message: "1 of 3 questions is not valid, so none was added", errors: [{ row: 2, line: 4, message: "Answer is blank" }] });
    expect(await listOf(host)).toEqual([]);
    // A JSON file's rows have no line, only their number.
    const json = await importFile(host, "pack.json", JSON.stringify({ questions: [questions[0], { ...questions[1], answer: "" }] }));
    expect(json.body.errors).toEqual([{ row: 2, message: "Answer is blank" }]);
  });

  test("a file that cannot be read is 400 with why; one of more than 500 questions too", async () => {
    const host = await createLobby(app);
    const refused = async (name: string, text: string) => {
      const res = await importFile(host, name, text);
      expectFailure(res, 400);
      return res.body.message as string;
    };
    expect(await refused("x.csv", "name,answer\nx,y\n")).toContain("The first line must be the header category,question,answer,aliases");
    expect(await refused("x.csv", 'category,question,answer\nA,"never closed,C\n')).toBe("Line 2: Quoted field unterminated");
    expect(await refused("x.json", "{ nope")).toStartWith("This file is not valid JSON");
    expect(await refused("x.csv", "")).toContain("The file is empty");
    const many = questionsCsv(Array.from({ length: OWN_QUESTIONS_MAX + 1 }, (_, i) => ({ ...question(i), aliases: [] })));
    expect(await refused("many.csv", many)).toBe("The file holds 501 questions; a lobby holds at most 500");
    expect(await listOf(host)).toEqual([]);
  });

  test("import and export are the host's only: 401 without a session, 403 for a player, 403 from another site; a format that is not csv or json is 400", async () => {
    const { host, players } = await party(app, "Rio");
    await added(host, [question(1)]);
    expectFailure(await call(app, "POST", "/api/lobby/questions/import", { body: { name: "x.csv", text: "category,question,answer\nA,Question here?,B\n" } }), 401);
    expectFailure(await importFile(players[0]!, "x.csv", "category,question,answer\nA,Question here?,B\n"), 403);
    expectFailure(await importFile(host, "x.csv", "category,question,answer\nA,Question here?,B\n", { origin: "https://evil.example" }), 403);
    expect((await exportFile(null, "csv")).status).toBe(401);
    const theirs = await exportFile(players[0]!, "csv");
    expect(theirs.status).toBe(403);
    expect(theirs.text).not.toContain("Answer 1");
    const odd = await exportFile(host, "xlsx");
    expect([odd.status, JSON.parse(odd.text)]).toEqual([400, { success: false, message: "format must be csv or json" }]);
    expect((await listOf(host)).map((q) => q.answer)).toEqual(["Answer 1"]);
  });
});

test("a seat that is gone is 401 with the reason, like the other calls", async () => {
  const host = await createLobby(app);
  const rio = await joinLobby(app, host.code, "Rio");
  await call(app, "POST", "/api/lobby/leave", { token: rio.token });
  const res = await call(app, "GET", "/api/lobby/questions", { token: rio.token });
  expectFailure(res, 401);
  expect(res.body.message).toBe("You are no longer in this lobby");
});
