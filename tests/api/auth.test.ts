// Who may call what: bearer tokens (401) and the host's rights and cross-site requests (403).
// Every refusal must leave the lobby exactly as it was.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { SignJWT } from "jose";
import { call, startTestApp, type TestApp } from "../support/app";
import { REMOVED_BY_HOST } from "../../src/shared/removed";
import { createLobby, expectFailure, lobbyData, party, refused, type Seat } from "../support/rest";

const SECRET = "test-secret-test-secret-123456";
const ALLOWED = "https://party.example";

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ ALLOWED_ORIGINS: ALLOWED });
});
afterAll(async () => {
  await app.dispose();
});

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");
const inAnHour = () => Math.floor(Date.now() / 1000) + 3600;
const claimsFor = (code: string, seat: Seat, isHost = false) => ({ lobby: code, sub: seat.id, name: seat.name, isHost });

/** Authenticated calls that change nothing when the token is good, so any token can be tried on them. */
const probes = (code: string) =>
  [
    ["GET", `/api/lobby/${code}`, undefined],
    ["POST", "/api/lobby/teamSelect", { team: "red", isCaptain: true }],
    ["POST", "/api/lobby/leave", undefined],
    ["POST", "/api/lobby/updateSettings", { settings: { rounds: 3 } }],
    ["POST", "/api/lobby/end", undefined],
  ] as const;

/** Every probe refused with 401 for this token (or this raw Authorization header), lobby unchanged. */
async function expectUnauthorized(code: string, auth: { token?: string; header?: string }) {
  for (const [method, path, body] of probes(code)) {
    const headers = auth.header === undefined ? undefined : { authorization: auth.header };
    await refused(app, code, 401, () => call(app, method, path, { token: auth.token, headers, body }));
  }
}

describe("401: no or bad token", () => {
  test("a missing token is refused on every authenticated call", async () => {
    const { code } = await createLobby(app);
    for (const path of ["leave", "start", "end", "teamSelect", "updateSettings", "kickPlayer", "startRound", "submitAnswer", "returnToLobby", "overrule"]) {
      await refused(app, code, 401, () => call(app, "POST", `/api/lobby/${path}`, { body: {} }));
    }
  });

  test("garbage, an empty bearer and a non-bearer scheme are refused", async () => {
    const { code, token } = await createLobby(app);
    await expectUnauthorized(code, { token: "not-a-token" });
    await expectUnauthorized(code, { token: "a.b.c" });
    await expectUnauthorized(code, { header: "Bearer " });
    await expectUnauthorized(code, { header: `Basic ${token}` });
    await expectUnauthorized(code, { header: token });
  });

  test("an unsigned token (alg none) with genuine claims is refused", async () => {
    const { code, host } = await party(app, "Ravi");
    const unsigned = `${b64({ alg: "none", typ: "JWT" })}.${b64({ ...claimsFor(code, host, true), exp: inAnHour() })}.`;
    await expectUnauthorized(code, { token: unsigned });
  });

  test("a token signed with another secret is refused, while the same claims signed with the server's secret pass", async () => {
    const { code, host } = await party(app, "Ravi");
    const forge = (secret: string) =>
      new SignJWT({ lobby: code, name: host.name, isHost: true })
        .setProtectedHeader({ alg: "HS256", typ: "JWT" })
        .setSubject(host.id)
        .setExpirationTime(inAnHour())
        .sign(new TextEncoder().encode(secret));
    await expectUnauthorized(code, { token: await forge("another-secret-another-secret-99") });
    expect((await call(app, "GET", `/api/lobby/${code}`, { token: await forge(SECRET) })).status).toBe(200);
  });

  test("a genuine token whose payload was swapped for the host's is refused", async () => {
    const { code, host, players } = await party(app, "Ravi");
    const [header, , signature] = players[0]!.token.split(".");
    const swapped = `${header}.${b64({ ...claimsFor(code, host, true), exp: inAnHour() })}.${signature}`;
    await expectUnauthorized(code, { token: swapped });
  });

  test("an expired token is refused, while a fresh one with the same claims passes", async () => {
    const { code, players } = await party(app, "Ravi");
    const ravi = players[0]!;
    const expired = await app.tokens.sign(claimsFor(code, ravi), Math.floor(Date.now() / 1000) - 60);
    await expectUnauthorized(code, { token: expired });
    expect((await call(app, "GET", `/api/lobby/${code}`, { token: await app.tokens.sign(claimsFor(code, ravi)) })).status).toBe(200);
  });

  test("a genuine token naming a player who was never seated is refused", async () => {
    const { code } = await createLobby(app);
    const stranger = await app.tokens.sign({ lobby: code, sub: "stranger", name: "Stranger", isHost: true });
    await expectUnauthorized(code, { token: stranger });
  });

  test("another lobby's token is refused on GET /api/lobby/OTHER and on a body naming the other lobby", async () => {
    const mine = await createLobby(app);
    const other = await party(app, "Ravi");
    await refused(app, other.code, 401, () => call(app, "GET", `/api/lobby/${other.code}`, { token: mine.token }));
    await refused(app, other.code, 401, () => call(app, "GET", `/api/lobby/${other.code.toLowerCase()}`, { token: mine.token }));
    await refused(app, mine.code, 401, () => call(app, "POST", "/api/lobby/startRound", { token: mine.token, body: { code: other.code } }));
  });

  test("a kicked player's token is refused at once, on every call", async () => {
    const { code, host, players } = await party(app, "Ravi", "Bo");
    const ravi = players[0]!;
    expect((await call(app, "GET", `/api/lobby/${code}`, { token: ravi.token })).status).toBe(200);
    expect((await call(app, "POST", "/api/lobby/kickPlayer", { token: host.token, body: { playerId: ravi.id } })).status).toBe(200);
    await expectUnauthorized(code, { token: ravi.token });
    // A phone that slept through the kick is told why when it comes back.
    expect((await call(app, "POST", "/api/lobby/leave", { token: ravi.token })).body.message).toBe(REMOVED_BY_HOST);
  });

  test("what a kick tells a returning token survives a restart of the server", async () => {
    const first = await startTestApp();
    const { host, players } = await party(first, "Ravi", "Bo");
    const ravi = players[0]!;
    expect((await call(first, "POST", "/api/lobby/kickPlayer", { token: host.token, body: { playerId: ravi.id } })).status).toBe(200);
    await first.close();
    const again = await startTestApp({}, {}, first.dataDir);
    try {
      expect((await call(again, "POST", "/api/lobby/leave", { token: ravi.token })).body).toEqual({ success: false, message: REMOVED_BY_HOST });
    } finally {
      await again.dispose();
    }
  });

  test("a departed player's token is refused at once, on every call", async () => {
    const { code, players } = await party(app, "Ravi", "Bo");
    const ravi = players[0]!;
    expect((await call(app, "POST", "/api/lobby/leave", { token: ravi.token })).status).toBe(200);
    await expectUnauthorized(code, { token: ravi.token });
    expect((await call(app, "POST", "/api/lobby/leave", { token: ravi.token })).body.message).toBe("You are no longer in this lobby");
  });

  test("a former host's token loses the host's rights with the seat", async () => {
    const { code, host } = await party(app, "Ravi", "Bo");
    expect((await call(app, "POST", "/api/lobby/leave", { token: host.token })).status).toBe(200);
    await expectUnauthorized(code, { token: host.token });
  });
});

describe("403: not the host", () => {
  test("a non-host may not start, end, kick or change settings", async () => {
    const { code, host, players } = await party(app, "Ravi", "Bo");
    const [ravi, bo] = players as [Seat, Seat];
    // A player on each team (each its captain by themselves), so only the host check stands between Ravi and a started game.
    expect((await call(app, "GET", `/api/lobby/${code}`)).body.data.captains.red.id).toBe(ravi.id);
    await refused(app, code, 403, () => call(app, "POST", "/api/lobby/start", { token: ravi.token }));
    await refused(app, code, 403, () => call(app, "POST", "/api/lobby/end", { token: bo.token }));
    await refused(app, code, 403, () => call(app, "POST", "/api/lobby/kickPlayer", { token: ravi.token, body: { playerId: bo.id } }));
    await refused(app, code, 403, () => call(app, "POST", "/api/lobby/kickPlayer", { token: ravi.token, body: { playerId: host.id } }));
    await refused(app, code, 403, () => call(app, "POST", "/api/lobby/updateSettings", { token: bo.token, body: { settings: { rounds: 3 } } }));
  });

  test("the host claim in a token grants nothing by itself: rights come from the lobby", async () => {
    const { code, players } = await party(app, "Ravi");
    const ravi = players[0]!;
    const boasting = await app.tokens.sign({ lobby: code, sub: ravi.id, name: ravi.name, isHost: true });
    await refused(app, code, 403, () => call(app, "POST", "/api/lobby/updateSettings", { token: boasting, body: { settings: { rounds: 3 } } }));
    await refused(app, code, 403, () => call(app, "POST", "/api/lobby/end", { token: boasting }));
  });
});

describe("403: cross-site requests", () => {
  test("a POST from another site is refused, with or without a token", async () => {
    const { code, host, players } = await party(app, "Ravi");
    const evil = { origin: "https://evil.example" };
    const before = app.service.size;
    expectFailure(await call(app, "POST", "/api/lobby/create", { body: { playerName: "Mallory" }, headers: evil }), 403);
    expect(app.service.size).toBe(before);
    await refused(app, code, 403, () => call(app, "POST", "/api/lobby/join", { body: { playerName: "Mallory", code }, headers: evil }));
    await refused(app, code, 403, () => call(app, "POST", "/api/lobby/kickPlayer", { token: host.token, body: { playerId: players[0]!.id }, headers: evil }));
    await refused(app, code, 403, () => call(app, "POST", "/api/lobby/end", { token: host.token, headers: evil }));
    await refused(app, code, 403, () => call(app, "POST", "/api/lobby/leave", { token: players[0]!.token, headers: { origin: "null" } }));
  });

  test("a POST from the server's own origin or an ALLOWED_ORIGINS entry passes; GETs are not origin-checked", async () => {
    const own = await call(app, "POST", "/api/lobby/create", { body: { playerName: "Own" }, headers: { origin: app.url } });
    expect(own.status).toBe(200);
    const listed = await call(app, "POST", "/api/lobby/join", { body: { playerName: "Listed", code: own.body.lobby.code }, headers: { origin: ALLOWED } });
    expect(listed.status).toBe(200);
    const read = await call(app, "GET", `/api/lobby/${own.body.lobby.code}`, { headers: { origin: "https://evil.example" } });
    expect(read.status).toBe(200);
    expect((await lobbyData(app, own.body.lobby.code)).redTeam.map((p: any) => p.name)).toEqual(["Listed"]);
  });
});
