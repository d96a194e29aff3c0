// The `lobby` query parameter a proxy routes by (docs/decisions.md "Behind a proxy") over REST: on the
// join call it must name the body's code, on a call with a bearer token the token's lobby. Another
// lobby is refused 400 and changes nothing; no parameter, as from an older page, passes.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { OTHER_LOBBY } from "../../src/access/routed-lobby";
import { call, startTestApp, type TestApp } from "../support/app";
import { createLobby, lobbyData, refused } from "../support/rest";

/** How many players sit in a lobby's teams. */
const seated = async (code: string) => {
  const lobby = await lobbyData(app, code);
  return lobby.blueTeam.length + lobby.redTeam.length;
};

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app.dispose();
});

describe("the join call's lobby parameter", () => {
  test("naming another lobby than the body's code is refused, and no one joins", async () => {
    const { code } = await createLobby(app);
    const other = await createLobby(app, "Ravi");
    const res = await refused(app, code, 400, () => call(app, "POST", `/api/lobby/join?lobby=${other.code}`, { body: { playerName: "Bo", code } }));
    expect(res.body.message).toBe(OTHER_LOBBY);
    expect(await seated(other.code)).toBe(1);
  });

  test("naming the body's lobby (in any case) joins, as does no parameter", async () => {
    const { code } = await createLobby(app);
    expect((await call(app, "POST", `/api/lobby/join?lobby=${code}`, { body: { playerName: "Bo", code } })).status).toBe(200);
    expect((await call(app, "POST", `/api/lobby/join?lobby=${code.toLowerCase()}`, { body: { playerName: "Rue", code: code.toLowerCase() } })).status).toBe(200);
    expect((await call(app, "POST", "/api/lobby/join", { body: { playerName: "Ravi", code } })).status).toBe(200);
    expect(await seated(code)).toBe(4);
  });
});

describe("a seated call's lobby parameter", () => {
  test("naming another lobby than the token's is refused 400, and nothing is applied", async () => {
    const host = await createLobby(app);
    const other = await createLobby(app, "Ravi");
    for (const path of ["/api/lobby/teamSelect", "/api/lobby/updateSettings", "/api/lobby/end"]) {
      const body = path.endsWith("teamSelect") ? { team: "red" } : path.endsWith("Settings") ? { settings: { rounds: 3 } } : {};
      const res = await refused(app, host.code, 400, () => call(app, "POST", `${path}?lobby=${other.code}`, { token: host.token, body }));
      expect(res.body.message).toBe(OTHER_LOBBY);
    }
    // a GET with a token is checked the same way; the lobby's own code passes
    expect((await call(app, "GET", `/api/lobby/${host.code}?lobby=${other.code}`, { token: host.token })).status).toBe(400);
    expect((await call(app, "GET", `/api/lobby/${host.code}?lobby=${host.code}`, { token: host.token })).status).toBe(200);
  });

  test("naming the token's lobby, or none, goes through", async () => {
    const host = await createLobby(app);
    expect((await call(app, "POST", `/api/lobby/teamSelect?lobby=${host.code}`, { token: host.token, body: { team: "red" } })).status).toBe(200);
    expect((await lobbyData(app, host.code)).redTeam.map((p: { name: string }) => p.name)).toEqual(["Hana"]);
    expect((await call(app, "POST", "/api/lobby/teamSelect", { token: host.token, body: { team: "blue" } })).status).toBe(200);
  });

  test("a bad token is still a 401 first, whatever the parameter says", async () => {
    const host = await createLobby(app);
    const res = await call(app, "POST", "/api/lobby/teamSelect?lobby=WXYZ", { token: "not-a-token", body: { team: "red" } });
    expect(res).toEqual({ status: 401, body: { success: false, message: "Invalid or expired session" } });
    expect((await lobbyData(app, host.code)).redTeam).toEqual([]);
  });
});
