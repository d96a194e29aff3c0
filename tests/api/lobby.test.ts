// The lobby calls of docs/contract.md "Routes" over real HTTP: create, join, look up, leave, end, team
// select, settings and kick, with their success shapes and their 400/404/409 refusals.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { loadConfig } from "../../src/config";
import { call, startTestApp, type TestApp } from "../support/app";
import { claimsOf, createLobby, expectFailure, joinLobby, lobbyData, party, refused, teamSelect } from "../support/rest";

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app.dispose();
});

const player = (id: string, name: string, team: "blue" | "red", extra: { isCaptain?: boolean; isHost?: boolean } = {}) => ({
  id,
  name,
  team,
  isCaptain: extra.isCaptain ?? false,
  isHost: extra.isHost ?? false,
  connected: false,
});

describe("POST /api/lobby/create", () => {
  test("answers success, message, token and the new lobby with its host on blue and default settings", async () => {
    const res = await call(app, "POST", "/api/lobby/create", { body: { playerName: "  Hana  " } });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(["lobby", "message", "success", "token"]);
    expect(res.body.success).toBe(true);
    expect(typeof res.body.message).toBe("string");
    const lobby = res.body.lobby;
    expect(lobby.code).toMatch(/^[A-HJKMNP-Z2-9]{4}$/);
    const hostId = claimsOf(res.body.token).sub as string;
    expect(lobby).toEqual({
      code: lobby.code,
      host: { id: hostId, name: "Hana" },
      blueTeam: [player(hostId, "Hana", "blue", { isHost: true, isCaptain: true })],
      redTeam: [],
      captains: { blue: player(hostId, "Hana", "blue", { isHost: true, isCaptain: true }), red: null },
      settings: { rounds: 7, roundLimit: 60, tags: ["General"] },
      gameState: null,
      locked: false,
    });
  });

  test("issues a token carrying lobby, sub, name, isHost and a future exp", async () => {
    const res = await call(app, "POST", "/api/lobby/create", { body: { playerName: "Hana" } });
    const claims = claimsOf(res.body.token);
    expect(claims).toMatchObject({ lobby: res.body.lobby.code, sub: res.body.lobby.host.id, name: "Hana", isHost: true });
    expect(claims.exp as number).toBeGreaterThan(Date.now() / 1000);
  });

  test("every lobby gets its own code", async () => {
    const codes = new Set<string>();
    for (let i = 0; i < 5; i++) codes.add((await createLobby(app)).code);
    expect(codes.size).toBe(5);
  });

  test("a blank, missing, over-long or non-string name is a 400 and creates nothing", async () => {
    const before = app.service.size;
    for (const body of [{ playerName: "   " }, { playerName: "" }, {}, { playerName: "x".repeat(33) }, { playerName: 42 }, { name: "Hana" }]) {
      expectFailure(await call(app, "POST", "/api/lobby/create", { body }), 400);
    }
    expect(app.service.size).toBe(before);
  });

  test("a 32-character name is accepted", async () => {
    const res = await call(app, "POST", "/api/lobby/create", { body: { playerName: "x".repeat(32) } });
    expect(res.status).toBe(200);
    expect(res.body.lobby.host.name).toBe("x".repeat(32));
  });
});

describe("POST /api/lobby/join", () => {
  test("answers success, message, token and the lobby; new players go to the smaller team, blue on a tie", async () => {
    const host = await createLobby(app);
    const res = await call(app, "POST", "/api/lobby/join", { body: { playerName: "Ravi", code: host.code } });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(["lobby", "message", "success", "token"]);
    expect(res.body.success).toBe(true);
    expect(typeof res.body.message).toBe("string");
    const ravi = claimsOf(res.body.token);
    expect(ravi).toMatchObject({ lobby: host.code, name: "Ravi", isHost: false });
    expect(res.body.lobby.redTeam).toEqual([player(ravi.sub as string, "Ravi", "red", { isCaptain: true })]);

    const bo = await joinLobby(app, host.code, "Bo");
    const cy = await joinLobby(app, host.code, "Cy");
    const data = await lobbyData(app, host.code);
    expect(data.blueTeam.map((p: any) => p.id)).toEqual([host.id, bo.id]);
    expect(data.redTeam.map((p: any) => p.id)).toEqual([ravi.sub, cy.id]);
  });

  test("the code is matched ignoring case and surrounding spaces", async () => {
    const host = await createLobby(app);
    const res = await call(app, "POST", "/api/lobby/join", { body: { playerName: "Ravi", code: ` ${host.code.toLowerCase()} ` } });
    expect(res.status).toBe(200);
    expect(res.body.lobby.code).toBe(host.code);
    expect(claimsOf(res.body.token).lobby).toBe(host.code);
  });

  test("an unknown lobby is a 404", async () => {
    const unknown = ["ZZZZ", "2222", "9999", "XXXX"].find((c) => !app.service.get(c))!;
    const before = app.service.size;
    expectFailure(await call(app, "POST", "/api/lobby/join", { body: { playerName: "Ravi", code: unknown } }), 404);
    expect(app.service.size).toBe(before);
  });

  test("a bad code format, a missing code, a blank or 33-character name are 400s that seat nobody", async () => {
    const { code } = await createLobby(app);
    const bodies = [
      { playerName: "Ravi", code: "ABC" },
      { playerName: "Ravi", code: "ABCDE" },
      { playerName: "Ravi", code: "AB-D" },
      { playerName: "Ravi", code: 1234 },
      { playerName: "Ravi" },
      { playerName: " ", code },
      { playerName: "y".repeat(33), code },
      { code },
    ];
    for (const body of bodies) await refused(app, code, 400, () => call(app, "POST", "/api/lobby/join", { body }));
  });

  test("a name already in the lobby is a 409, ignoring case and spaces", async () => {
    const host = await createLobby(app, "Hana");
    await joinLobby(app, host.code, "Ravi Shah");
    for (const name of ["hana", "HANA", "ravi shah", "  Ravi   Shah "]) {
      await refused(app, host.code, 409, () => call(app, "POST", "/api/lobby/join", { body: { playerName: name, code: host.code } }));
    }
  });

  test("a lobby with both teams full (8 and 8) refuses a 17th player with 409", async () => {
    const { code } = await party(app, ...Array.from({ length: 15 }, (_, i) => `P${i + 2}`));
    const data = await lobbyData(app, code);
    expect([data.blueTeam.length, data.redTeam.length]).toEqual([8, 8]);
    await refused(app, code, 409, () => call(app, "POST", "/api/lobby/join", { body: { playerName: "P17", code } }));
  });
});

describe("GET /api/lobby/:code", () => {
  test("unauthenticated, answers { success, data } with the lobby", async () => {
    const { code, host, players } = await party(app, "Ravi");
    const res = await call(app, "GET", `/api/lobby/${code}`);
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(["data", "success"]);
    expect(res.body.success).toBe(true);
    expect(res.body.data).toEqual({
      code,
      host: { id: host.id, name: "Hana" },
      blueTeam: [player(host.id, "Hana", "blue", { isHost: true, isCaptain: true })],
      redTeam: [player(players[0]!.id, "Ravi", "red", { isCaptain: true })],
      captains: { blue: player(host.id, "Hana", "blue", { isHost: true, isCaptain: true }), red: player(players[0]!.id, "Ravi", "red", { isCaptain: true }) },
      settings: { rounds: 7, roundLimit: 60, tags: ["General"] },
      gameState: null,
      locked: false,
    });
  });

  test("authenticated with the lobby's own token, answers the same data", async () => {
    const { code, players } = await party(app, "Ravi");
    const res = await call(app, "GET", `/api/lobby/${code}`, { token: players[0]!.token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, data: await lobbyData(app, code) });
  });

  test("the code is matched ignoring case, with and without a token", async () => {
    const { code, token } = await createLobby(app);
    const lower = code.toLowerCase();
    const open = await call(app, "GET", `/api/lobby/${lower}`);
    expect(open.status).toBe(200);
    expect(open.body.data.code).toBe(code);
    const authed = await call(app, "GET", `/api/lobby/${lower}`, { token });
    expect(authed.status).toBe(200);
    expect(authed.body.data.code).toBe(code);
  });

  test("an unknown lobby is a 404", async () => {
    const unknown = ["ZZZZ", "2222", "9999", "XXXX"].find((c) => !app.service.get(c))!;
    expectFailure(await call(app, "GET", `/api/lobby/${unknown}`), 404);
  });

  test("a code of the wrong length or alphabet is a 400", async () => {
    for (const bad of ["ABC", "ABCDE", "AB_D", "AB%20D"]) expectFailure(await call(app, "GET", `/api/lobby/${bad}`), 400);
  });
});

describe("POST /api/lobby/teamSelect", () => {
  test("moves a player and answers success, message and the lobby", async () => {
    const { code, players } = await party(app, "Ravi");
    const ravi = players[0]!;
    const res = await call(app, "POST", "/api/lobby/teamSelect", { token: ravi.token, body: { team: "blue", isCaptain: false } });
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);
    expect(typeof res.body.message).toBe("string");
    expect(res.body.lobby.blueTeam.map((p: any) => p.name)).toEqual(["Hana", "Ravi"]);
    expect(res.body.lobby.redTeam).toEqual([]);
    expect(res.body.lobby.captains).toEqual({ blue: res.body.lobby.blueTeam[0], red: null });
    expect(res.body.lobby).toEqual(await lobbyData(app, code));
  });

  test("becoming captain of the other team moves the player there and takes the role; isCaptain defaults to false", async () => {
    const { code, host, players } = await party(app, "Ravi");
    const { lobby } = await teamSelect(app, host, "red", true);
    expect(lobby.captains.red).toEqual(player(host.id, "Hana", "red", { isCaptain: true, isHost: true }));
    expect(lobby.redTeam.map((p: any) => [p.name, p.isCaptain])).toEqual([
      ["Hana", true],
      ["Ravi", false],
    ]);
    const back = await call(app, "POST", "/api/lobby/teamSelect", { token: players[0]!.token, body: { team: "blue" } });
    expect(back.status).toBe(200);
    // First on blue, so its captain by themself.
    expect((await lobbyData(app, code)).blueTeam).toEqual([player(players[0]!.id, "Ravi", "blue", { isCaptain: true })]);
  });

  test("the captain already there, or the only player of a team stepping down, is a 409", async () => {
    const { code, host, players } = await party(app, "Ravi");
    await refused(app, code, 409, () => call(app, "POST", "/api/lobby/teamSelect", { token: host.token, body: { team: "blue", isCaptain: true } }));
    await refused(app, code, 409, () => call(app, "POST", "/api/lobby/teamSelect", { token: players[0]!.token, body: { team: "red", isCaptain: false } }));
  });

  test("the 9th player moving into a full team is a 409", async () => {
    // Host + 8 joins: blue 5, red 4. Three red players move over to make blue 8, leaving one on red.
    const { code, players } = await party(app, ...Array.from({ length: 8 }, (_, i) => `P${i + 2}`));
    const red = async () => ((await lobbyData(app, code)).redTeam as any[]).map((p) => players.find((s) => s.id === p.id)!);
    for (const seat of (await red()).slice(0, 3)) await teamSelect(app, seat, "blue");
    const data = await lobbyData(app, code);
    expect([data.blueTeam.length, data.redTeam.length]).toEqual([8, 1]);
    const ninth = (await red())[0]!;
    await refused(app, code, 409, () => call(app, "POST", "/api/lobby/teamSelect", { token: ninth.token, body: { team: "blue", isCaptain: false } }));
    await refused(app, code, 409, () => call(app, "POST", "/api/lobby/teamSelect", { token: ninth.token, body: { team: "blue", isCaptain: true } }));
  });

  test("wrong types or a missing team are 400s", async () => {
    const { code, token } = await createLobby(app);
    for (const body of [{}, { team: "green" }, { team: "blue", isCaptain: "yes" }, { team: 1 }, [], "blue"]) {
      await refused(app, code, 400, () => call(app, "POST", "/api/lobby/teamSelect", { token, body }));
    }
  });
});

describe("POST /api/lobby/updateSettings", () => {
  test("the host's settings are clamped and normalized; the answer carries success, message and the settings", async () => {
    const { code, token } = await createLobby(app);
    const res = await call(app, "POST", "/api/lobby/updateSettings", {
      token,
      body: { settings: { rounds: 50, roundLimit: 5, tags: [" Science ", "science", "", "History"] } },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, message: expect.any(String), settings: { rounds: 20, roundLimit: 15, tags: ["Science", "History"] } });
    expect((await lobbyData(app, code)).settings).toEqual({ rounds: 20, roundLimit: 15, tags: ["Science", "History"] });
  });

  test("low values clamp up, high round limits clamp down, non-numbers become the minimum, no tags means General", async () => {
    const { token } = await createLobby(app);
    const send = async (settings: unknown) => (await call(app, "POST", "/api/lobby/updateSettings", { token, body: { settings } })).body.settings;
    expect(await send({ rounds: 0, roundLimit: 500, tags: [] })).toEqual({ rounds: 1, roundLimit: 120, tags: ["General"] });
    expect(await send({ rounds: "abc", roundLimit: "soon" })).toEqual({ rounds: 1, roundLimit: 15, tags: ["General"] });
    expect(await send({ rounds: "5", roundLimit: 45 })).toEqual({ rounds: 5, roundLimit: 45, tags: ["General"] });
    expect(await send({ tags: Array.from({ length: 12 }, (_, i) => `Tag${i}`) })).toEqual({ rounds: 5, roundLimit: 45, tags: Array.from({ length: 10 }, (_, i) => `Tag${i}`) });
  });

  test("a server started with ROUND_LIMIT_MIN_S takes rounds that short, and no shorter; above 15 it does not start", async () => {
    const short = await startTestApp({ ROUND_LIMIT_MIN_S: "3" });
    try {
      const { token } = await createLobby(short);
      const send = async (roundLimit: number) => (await call(short, "POST", "/api/lobby/updateSettings", { token, body: { settings: { roundLimit } } })).body.settings.roundLimit;
      expect(await send(4)).toBe(4);
      expect(await send(1)).toBe(3);
    } finally {
      await short.dispose();
    }
    expect(() => loadConfig({ ROUND_LIMIT_MIN_S: "16" })).toThrow("invalid configuration: ROUND_LIMIT_MIN_S");
  });

  test("a missing or mistyped settings object is a 400", async () => {
    const { code, token } = await createLobby(app);
    for (const body of [{}, { settings: "lots" }, { settings: { rounds: [3] } }, { settings: { tags: "General" } }, { settings: { tags: [1] } }]) {
      await refused(app, code, 400, () => call(app, "POST", "/api/lobby/updateSettings", { token, body }));
    }
  });
});

describe("POST /api/lobby/kickPlayer", () => {
  test("the host removes a player; the answer carries success and message", async () => {
    const { code, host, players } = await party(app, "Ravi", "Bo");
    const res = await call(app, "POST", "/api/lobby/kickPlayer", { token: host.token, body: { playerId: players[0]!.id } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, message: expect.any(String) });
    const data = await lobbyData(app, code);
    expect([...data.blueTeam, ...data.redTeam].map((p: any) => p.name).sort()).toEqual(["Bo", "Hana"]);
  });

  test("an unknown player is a 404, the host kicking themself a 403, a missing playerId a 400", async () => {
    const { code, host } = await party(app, "Ravi");
    await refused(app, code, 404, () => call(app, "POST", "/api/lobby/kickPlayer", { token: host.token, body: { playerId: "no-such-player" } }));
    await refused(app, code, 403, () => call(app, "POST", "/api/lobby/kickPlayer", { token: host.token, body: { playerId: host.id } }));
    await refused(app, code, 400, () => call(app, "POST", "/api/lobby/kickPlayer", { token: host.token, body: {} }));
    await refused(app, code, 400, () => call(app, "POST", "/api/lobby/kickPlayer", { token: host.token, body: { playerId: 7 } }));
  });
});

describe("POST /api/lobby/leave", () => {
  test("a player leaves; the answer carries success and message", async () => {
    const { code, players } = await party(app, "Ravi");
    const res = await call(app, "POST", "/api/lobby/leave", { token: players[0]!.token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, message: expect.any(String) });
    expect((await lobbyData(app, code)).redTeam).toEqual([]);
  });

  test("when the host leaves, the longest-seated player hosts and can change settings", async () => {
    const { code, host, players } = await party(app, "Ravi", "Bo");
    expect((await call(app, "POST", "/api/lobby/leave", { token: host.token })).status).toBe(200);
    const data = await lobbyData(app, code);
    expect(data.host).toEqual({ id: players[0]!.id, name: "Ravi" });
    const res = await call(app, "POST", "/api/lobby/updateSettings", { token: players[0]!.token, body: { settings: { rounds: 3 } } });
    expect(res.status).toBe(200);
    expect(res.body.settings.rounds).toBe(3);
  });

  test("the last player leaving ends the lobby", async () => {
    const { code, token } = await createLobby(app);
    expect((await call(app, "POST", "/api/lobby/leave", { token })).status).toBe(200);
    expectFailure(await call(app, "GET", `/api/lobby/${code}`), 404);
  });
});

describe("POST /api/lobby/end", () => {
  test("the host ends the lobby: success and message, then the lobby is gone and its tokens dead", async () => {
    const { code, host, players } = await party(app, "Ravi");
    const res = await call(app, "POST", "/api/lobby/end", { token: host.token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, message: expect.any(String) });
    expectFailure(await call(app, "GET", `/api/lobby/${code}`), 404);
    expectFailure(await call(app, "POST", "/api/lobby/leave", { token: players[0]!.token }), 401);
    expectFailure(await call(app, "POST", "/api/lobby/join", { body: { playerName: "Late", code } }), 404);
  });
});
