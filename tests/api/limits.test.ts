// Bodies the server will not read (malformed JSON: 400, over 16 KiB: 413) and the create/join rate
// limit (429). Refusals leave lobbies as they were.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { call, startTestApp, type TestApp } from "../support/app";
import { createLobby, expectFailure, party, refused } from "../support/rest";

const KIB16 = 16 * 1024;

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app.dispose();
});

/** `{"playerName":"Hana"}` padded with spaces (still valid JSON) to exactly `bytes` bytes. */
const paddedCreate = (bytes: number) => {
  const json = JSON.stringify({ playerName: "Hana" });
  return json.slice(0, -1) + " ".repeat(bytes - json.length) + "}";
};

/** Sends `text` as a chunked stream, so no Content-Length announces its size. */
async function streamed(path: string, text: string, token?: string) {
  const bytes = new TextEncoder().encode(text);
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (let i = 0; i < bytes.length; i += 4096) controller.enqueue(bytes.slice(i, i + 4096));
      controller.close();
    },
  });
  const headers: Record<string, string> = { "content-type": "application/json" };
  if (token) headers.authorization = `Bearer ${token}`;
  const res = await fetch(`${app.url}${path}`, { method: "POST", headers, body });
  return { status: res.status, body: (await res.json()) as any };
}

describe("400: malformed JSON", () => {
  test("is refused on every call that reads a body", async () => {
    const { code, token } = await createLobby(app);
    const before = app.service.size;
    for (const raw of ["{not json", '{"playerName": "Hana"', "'Hana'", "{\"playerName\": undefined}"]) {
      expectFailure(await call(app, "POST", "/api/lobby/create", { raw }), 400);
    }
    expect(app.service.size).toBe(before);
    for (const path of ["join", "teamSelect", "updateSettings", "kickPlayer", "startRound", "submitAnswer", "overrule"]) {
      await refused(app, code, 400, () => call(app, "POST", `/api/lobby/${path}`, { token, raw: "{oops" }));
    }
  });

  test("a body that is not UTF-8 is a 400", async () => {
    // Valid JSON around a lone 0xFF byte: decoded leniently it would become a name "\uFFFD".
    const invalidUtf8 = new Uint8Array([...new TextEncoder().encode('{"playerName":"'), 0xff, ...new TextEncoder().encode('"}')]);
    const before = app.service.size;
    const res = await fetch(`${app.url}/api/lobby/create`, { method: "POST", headers: { "content-type": "application/json" }, body: invalidUtf8 });
    expectFailure({ status: res.status, body: await res.json() }, 400);
    expect(app.service.size).toBe(before);
  });

  test("a JSON value that is not an object, or an empty body, is a 400", async () => {
    const before = app.service.size;
    for (const raw of ["null", "[]", '"Hana"', "42", ""]) expectFailure(await call(app, "POST", "/api/lobby/create", { raw }), 400);
    expect(app.service.size).toBe(before);
  });
});

describe("413: bodies over 16 KiB", () => {
  test("exactly 16 KiB is read; one byte more is refused and creates nothing", async () => {
    const ok = await call(app, "POST", "/api/lobby/create", { raw: paddedCreate(KIB16) });
    expect(ok.status).toBe(200);
    const before = app.service.size;
    expectFailure(await call(app, "POST", "/api/lobby/create", { raw: paddedCreate(KIB16 + 1) }), 413);
    expectFailure(await call(app, "POST", "/api/lobby/create", { raw: paddedCreate(20 * 1024) }), 413);
    expect(app.service.size).toBe(before);
  });

  test("is refused on join and on authenticated calls without changing the lobby", async () => {
    const { code, host } = await party(app, "Ravi");
    const pad = " ".repeat(20 * 1024);
    await refused(app, code, 413, () => call(app, "POST", "/api/lobby/join", { raw: `{"playerName":"Bo","code":"${code}"${pad}}` }));
    await refused(app, code, 413, () => call(app, "POST", "/api/lobby/teamSelect", { token: host.token, raw: `{"team":"red","isCaptain":true${pad}}` }));
    await refused(app, code, 413, () => call(app, "POST", "/api/lobby/updateSettings", { token: host.token, raw: `{"settings":{"rounds":3}${pad}}` }));
  });

  test("counts bytes, not characters, even when no Content-Length is sent", async () => {
    const before = app.service.size;
    // 12,000 "é" are 24,000 bytes but only 12,000 characters.
    const wide = streamed("/api/lobby/create", JSON.stringify({ playerName: "Hana", note: "é".repeat(12_000) }));
    expectFailure(await wide, 413);
    expectFailure(await streamed("/api/lobby/create", paddedCreate(20 * 1024)), 413);
    expect(app.service.size).toBe(before);
    // A small streamed body is read as usual.
    expect((await streamed("/api/lobby/create", JSON.stringify({ playerName: "Hana" }))).status).toBe(200);
  });
});

describe("429: create and join flood from one address", () => {
  test("with JOIN_RATE_PER_MIN 3, the 4th create in a minute is refused and creates nothing", async () => {
    const limited = await startTestApp({ JOIN_RATE_PER_MIN: "3" });
    try {
      const codes: string[] = [];
      for (let i = 0; i < 3; i++) {
        const res = await call(limited, "POST", "/api/lobby/create", { body: { playerName: `Host${i}` } });
        expect(res.status).toBe(200);
        codes.push(res.body.lobby.code);
      }
      expect(limited.service.size).toBe(3);
      expectFailure(await call(limited, "POST", "/api/lobby/create", { body: { playerName: "Host3" } }), 429);
      expect(limited.service.size).toBe(3);
      // Joins share the budget; reading a lobby does not spend it.
      await refused(limited, codes[0]!, 429, () => call(limited, "POST", "/api/lobby/join", { body: { playerName: "Ravi", code: codes[0]! } }));
      expect((await call(limited, "GET", `/api/lobby/${codes[0]}`)).status).toBe(200);
    } finally {
      await limited.dispose();
    }
  });
});

describe("429: a host's commands", () => {
  test("with HOST_COMMANDS_PER_MIN 5, the 6th call of a seated player in a minute is refused and changes nothing", async () => {
    const limited = await startTestApp({ HOST_COMMANDS_PER_MIN: "5" });
    try {
      const { code, host } = await party(limited, "Ravi");
      for (const rounds of [2, 3, 4, 5, 6]) expect((await call(limited, "POST", "/api/lobby/updateSettings", { token: host.token, body: { settings: { rounds } } })).status).toBe(200);
      expectFailure(await call(limited, "POST", "/api/lobby/updateSettings", { token: host.token, body: { settings: { rounds: 7 } } }), 429);
      expect(limited.service.get(code)!.settings.rounds).toBe(6);
    } finally {
      await limited.dispose();
    }
  });
});
